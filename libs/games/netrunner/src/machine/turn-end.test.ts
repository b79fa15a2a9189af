import { describe, expect, it } from 'vitest';
import { phaseOf } from '../view/view.js';
import {
  act,
  acting,
  choose,
  corpActing,
  decisionKind,
  deciders,
  spawn,
  until,
} from '../testing/kit.js';
import type { Snap } from '../testing/kit.js';

/** Ends the Corp's action phase (3 credit clicks, then pass) up to the discard phase end. */
function toTurnEnd(s: Snap): Snap {
  let t = s;
  for (let i = 0; i < 3; i++) t = act(t, 'corp', { type: 'click-credit' });
  t = act(t, 'corp', { type: 'pass' });
  // Discard down to 5 first (until answers the discard decisions).
  return until(
    t,
    (x) => decisionKind(x)?.startsWith('35049') === true || x.context.active === 'runner',
  );
}

describe('corp_turn_end: "when your discard phase ends"', () => {
  it('two scored Sericulture Expansions: two decisions, LIFO, then one handover', () => {
    let first = '';
    let second = '';
    let target = '';
    let s = corpActing({ corpIdentity: '30043' }, (g) => {
      first = spawn(g, '35049', { zone: 'scored', side: 'corp' });
      second = spawn(g, '35049', { zone: 'scored', side: 'corp' });
      g.cards[first]!.counters = { agenda: 1 };
      g.cards[second]!.counters = { agenda: 1 };
      target = spawn(g, '30067', { zone: 'root', server: 'remote1' });
      // A facedown card in Archives for Jinteki: Restoring Humanity.
      spawn(g, '30075', { zone: 'archives' });
    });
    s = toTurnEnd(s);
    expect(phaseOf(s.value)).toBe('corpTurn.turnEnd');
    expect(s.context.active).toBe('corp');
    expect(s.context.runner.clicks).toBe(0);
    expect(s.context.pauses.decisions.map((d) => (d.kind === 'card' ? d.source : ''))).toEqual([
      first,
      second,
    ]);
    expect(decisionKind(s)).toBe('35049:place');
    expect(s.context.turn).toBe(1);
    // Jinteki: Restoring Humanity gained 1 (facedown cards in Archives).
    expect(s.context.corp.credits).toBe(5 + 3 + 1);
    s = choose(s, 'corp', target, true);
    expect(s.context.cards[second]?.counters.agenda).toBe(0);
    expect(s.context.cards[target]?.counters.advancement).toBe(2);
    expect(phaseOf(s.value)).toBe('corpTurn.turnEnd');
    expect(deciders(s)).toEqual(['corp']);
    s = choose(s, 'corp', target, true);
    expect(s.context.cards[first]?.counters.agenda).toBe(0);
    expect(s.context.cards[target]?.counters.advancement).toBe(4);
    const runner = until(s, acting('runner'));
    expect(runner.context.turn).toBe(2);
    expect(runner.context.log.filter((e) => e.text.startsWith('Turn 2')).length).toBe(1);
  });

  it('Sericulture Dividends: 1 agenda counter per excess advancement when scored', () => {
    let agenda = '';
    let s = corpActing({}, (g) => {
      agenda = spawn(g, '35049', { zone: 'root', server: 'remote1' });
      g.cards[agenda]!.counters = { advancement: 5 };
    });
    s = act(s, 'corp', { type: 'score' });
    expect(s.context.corp.scored).toEqual([agenda]);
    expect(s.context.cards[agenda]?.counters.agenda).toBe(2);
  });
});
