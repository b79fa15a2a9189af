import { describe, expect, it } from 'vitest';
import { dealDamage } from './damage.js';
import { drawCards } from './draw.js';
import { edit, runnerActing } from '../testing/kit.js';

describe('damage, flatline and decking', () => {
  it('net damage trashes that many random cards from the grip to the heap', () => {
    let trashed: string[] = [];
    const s = edit(runnerActing(), (g) => (trashed = dealDamage(g, 'net', 2)));
    expect(trashed).toHaveLength(2);
    expect(s.context.runner.grip).toHaveLength(3);
    expect(trashed.every((u) => s.context.cards[u]?.loc.zone === 'heap')).toBe(true);
    expect(s.context.outcome).toBeNull();
  });

  it('more damage than cards in the grip flatlines the Runner', () => {
    const s = edit(runnerActing(), (g) => void dealDamage(g, 'meat', 6));
    expect(s.context.outcome).toEqual({ winner: 'corp', reason: 'flatline' });
  });

  it('core damage also lowers the maximum hand size', () => {
    const s = edit(runnerActing(), (g) => void dealDamage(g, 'core', 1));
    expect(s.context.runner.coreDamage).toBe(1);
  });

  it('the Corp loses when it must draw from an empty R&D', () => {
    const s = edit(runnerActing(), (g) => {
      g.corp.rd = [];
      drawCards(g, 'corp', 1);
    });
    expect(s.context.outcome).toEqual({ winner: 'runner', reason: 'corp_decked' });
  });
});
