import { describe, expect, it } from 'vitest';
import {
  acting,
  can,
  deckLimitErrors,
  edit,
  handle,
  scoreAgenda,
  spawn,
  until,
} from '../../testing/kit.js';

function scoredWithAnother() {
  let other = '';
  const { s } = scoreAgenda('30036', {}, (g) => {
    other = spawn(g, '30067', { zone: 'root', server: 'remote2' });
    g.cards[other]!.counters = { advancement: 5 };
  });
  return { s, other };
}

describe('Luminal Transubstantiation (text, limit)', () => {
  it('when scored: gain [click][click][click]; no more scoring this turn', () => {
    const { s, other } = scoredWithAnother();
    expect(s.context.corp.clicks).toBe(6);
    expect(s.context.memory.corpCannotScore).toBe(true);
    expect(can(s, 'corp', { type: 'score', card: handle(s, other, 'corp') })).toBe(false);
  });

  it('the restriction lasts only for the remainder of the turn', () => {
    const { s, other } = scoredWithAnother();
    let t = edit(s, (g) => (g.corp.clicks = 0));
    t = until(t, acting('runner'));
    t = edit(t, (g) => (g.runner.clicks = 0));
    t = until(t, acting('corp'));
    expect(can(t, 'corp', { type: 'score', card: handle(t, other, 'corp') })).toBe(true);
  });

  it('Limit 1 per deck', () => {
    expect(deckLimitErrors('30035', '30036', 1)).toEqual([]);
    expect(deckLimitErrors('30035', '30036', 2)).toHaveLength(1);
  });
});
