import { describe, expect, it } from 'vitest';
import {
  act,
  acting,
  corpActing,
  deciders,
  decisionKind,
  legal,
  setup,
  until,
} from '../testing/kit.js';

describe('setup and the first turn', () => {
  it('deals 5 cards and 5 credits each, Corp decides its mulligan first', () => {
    const s = setup();
    const g = s.context;
    expect(g.corp.hq).toHaveLength(5);
    expect(g.runner.grip).toHaveLength(5);
    expect(g.corp.credits).toBe(5);
    expect(g.runner.credits).toBe(5);
    expect(deciders(s)).toEqual(['corp']);
    expect(decisionKind(s)).toBe('mulligan');
    const after = act(s, 'corp', { type: 'choose', value: 'keep' });
    expect(deciders(after)).toEqual(['runner']);
  });

  it('a mulligan shuffles the hand back and draws 5 new cards', () => {
    const s = act(setup({ corp: ['30072', '30072', '30072'] }), 'corp', {
      type: 'choose',
      value: 'mulligan',
    });
    expect(s.context.corp.hq).toHaveLength(5);
    expect(s.context.corp.rd.length + s.context.corp.hq.length).toBe(28);
  });

  it('the same seed deals the same game; another seed another', () => {
    const a = setup({ seed: 9 }).context;
    const b = setup({ seed: 9 }).context;
    const c = setup({ seed: 10, corp: ['30072', '30073', '30074'] }).context;
    expect(a.corp.rd.map((u) => a.cards[u]?.code)).toEqual(b.corp.rd.map((u) => b.cards[u]?.code));
    expect(JSON.stringify(a.rng)).not.toBe(JSON.stringify(c.rng));
  });

  it('the Corp turn: 3 clicks, mandatory draw, then actions until no clicks are left', () => {
    const s = corpActing();
    expect(s.context.turn).toBe(1);
    expect(s.context.corp.clicks).toBe(3);
    expect(s.context.corp.hq).toHaveLength(6);
    expect(legal(s, 'corp').some((a) => a.type === 'pass')).toBe(false);
    let t = act(s, 'corp', { type: 'click-credit' });
    t = act(t, 'corp', { type: 'click-credit' });
    t = act(t, 'corp', { type: 'click-credit' });
    expect(t.context.corp.credits).toBe(8);
    expect(legal(t, 'corp').map((a) => a.type)).toContain('pass');
    const runner = until(t, acting('runner'));
    expect(runner.context.turn).toBe(2);
    expect(runner.context.runner.clicks).toBe(4);
    expect(runner.context.corp.clicks).toBe(0);
  });
});
