import { describe, expect, it } from 'vitest';
import { act, acting, choose, decisionKind, runnerActing, spawn, until } from '../testing/kit.js';

describe('end of turn', () => {
  it('the Runner discards down to its maximum hand size (to the heap), one card at a time', () => {
    let s = runnerActing({}, (g) => {
      spawn(g, '30030', { zone: 'grip' });
      spawn(g, '30030', { zone: 'grip' });
    });
    for (let i = 0; i < 4; i++) s = act(s, 'runner', { type: 'click-credit' });
    s = act(s, 'runner', { type: 'pass' });
    expect(decisionKind(s)).toBe('discard');
    s = choose(s, 'runner', s.context.runner.grip[0] ?? '', true);
    s = choose(s, 'runner', s.context.runner.grip[0] ?? '', true);
    expect(s.context.runner.grip).toHaveLength(5);
    expect(s.context.runner.heap).toHaveLength(2);
    s = until(s, acting('corp'));
    expect(s.context.turn).toBe(3);
  });

  it('a maximum hand size below 0 when the Runner discard phase begins flatlines the Runner', () => {
    let s = runnerActing({}, (g) => (g.runner.coreDamage = 6));
    for (let i = 0; i < 4; i++) s = act(s, 'runner', { type: 'click-credit' });
    s = act(s, 'runner', { type: 'pass' });
    expect(s.context.outcome).toEqual({ winner: 'corp', reason: 'flatline' });
  });

  it('the mandatory draw from an empty R&D loses the game for the Corp', () => {
    let s = runnerActing({}, (g) => (g.corp.rd = []));
    for (let i = 0; i < 4; i++) s = act(s, 'runner', { type: 'click-credit' });
    s = until(s, (x) => x.context.outcome !== null);
    expect(s.context.outcome).toEqual({ winner: 'runner', reason: 'corp_decked' });
    expect(s.status).toBe('done');
  });
});
