import { describe, expect, it } from 'vitest';
import { netrunner } from '../../module.js';
import type { NetrunnerAction } from '../../actions/types.js';
import { canScore } from '../../rules/score.js';
import { phaseOf } from '../../view/view.js';
import {
  act,
  acting,
  choose,
  corpActing,
  decisionKind,
  deciders,
  handle,
  legal,
  scoreAgenda,
  spawn,
  until,
  type Snap,
} from '../../testing/kit.js';

/** Three credit clicks, then on to the first "discard phase ends" decision (or the Runner). */
function toTurnEnd(s: Snap): Snap {
  let t = s;
  for (let i = 0; i < 3; i++) t = act(t, 'corp', { type: 'click-credit' });
  return until(t, (x) => decisionKind(x) === '35049:place' || x.context.active === 'runner');
}

describe('Sericulture Expansion', () => {
  it('Dividends 1: 1 agenda counter per excess advancement counter when scored', () => {
    const exact = scoreAgenda('35049');
    expect(exact.s.context.cards[exact.agenda]?.counters.agenda ?? 0).toBe(0);
    const over = scoreAgenda('35049', {}, (g, a) => {
      g.cards[a]!.counters = { advancement: 4 };
    });
    expect(over.s.context.cards[over.agenda]?.counters.agenda).toBe(1);
  });

  it('when the discard phase ends: remove 1 agenda counter to place 2 advancement counters', () => {
    let seri = '';
    let target = '';
    let smartware = '';
    let s = corpActing({}, (g) => {
      seri = spawn(g, '35049', { zone: 'scored', side: 'corp' });
      g.cards[seri]!.counters = { agenda: 2 };
      target = spawn(g, '30067', { zone: 'root', server: 'remote1' });
      g.cards[target]!.counters = { advancement: 3 };
      smartware = spawn(g, '30033', { zone: 'rig' });
      g.cards[smartware]!.counters = { credit: 3 };
    });
    s = toTurnEnd(s);
    // The window is in the Corp's turn: before any handover.
    expect(decisionKind(s)).toBe('35049:place');
    expect(phaseOf(s.value)).toBe('corpTurn.turnEnd');
    expect(s.context.active).toBe('corp');
    expect(s.context.runner.clicks).toBe(0);
    expect(deciders(s)).toEqual(['corp']);
    expect(s.context.cards[smartware]?.counters.credit).toBe(3);
    expect(s.context.log.some((e) => e.text.startsWith('Turn 2'))).toBe(false);
    // Any installed card, the Runner's included.
    const values = legal(s, 'corp').map((a) => (a.type === 'choose' ? a.value : ''));
    expect(values).toContain('no');
    expect(values).toHaveLength(3);
    s = choose(s, 'corp', target, true);
    expect(s.context.cards[seri]?.counters.agenda).toBe(1);
    expect(s.context.cards[target]?.counters.advancement).toBe(5);
    // "You cannot score that card this turn" (turn 1; the game has moved on to turn 2).
    expect(s.context.cards[target]?.noScoreTurn).toBe(1);
    expect(canScore({ ...s.context, turn: 1 }, target)).toBe(false);
    expect(canScore({ ...s.context, turn: 3 }, target)).toBe(true);
    const runner = until(s, acting('runner'));
    const texts = runner.context.log.map((e) => e.text);
    const placed = texts.findIndex((t) => t.startsWith('Sericulture Expansion places'));
    const turn2 = texts.findIndex((t) => t.startsWith('Turn 2'));
    expect(placed).toBeGreaterThan(-1);
    expect(placed).toBeLessThan(turn2);
    expect(texts.filter((t) => t.startsWith('Turn 2'))).toHaveLength(1);
    expect(runner.context.cards[smartware]?.counters.credit).toBe(2);
  });

  it('optional; and no ability without a hosted agenda counter', () => {
    let seri = '';
    let s = corpActing({}, (g) => {
      seri = spawn(g, '35049', { zone: 'scored', side: 'corp' });
      g.cards[seri]!.counters = { agenda: 1 };
      spawn(g, '30067', { zone: 'root', server: 'remote1' });
    });
    s = choose(toTurnEnd(s), 'corp', 'no');
    expect(s.context.cards[seri]?.counters.agenda).toBe(1);
    const none = toTurnEnd(
      corpActing({}, (g) => {
        spawn(g, '35049', { zone: 'scored', side: 'corp' });
        spawn(g, '30067', { zone: 'root', server: 'remote1' });
      }),
    );
    expect(decisionKind(none)).not.toBe('35049:place');
  });

  it('two scored copies: two windows (LIFO), then exactly one handover', () => {
    let first = '';
    let second = '';
    let target = '';
    let s = corpActing({}, (g) => {
      first = spawn(g, '35049', { zone: 'scored', side: 'corp' });
      second = spawn(g, '35049', { zone: 'scored', side: 'corp' });
      g.cards[first]!.counters = { agenda: 1 };
      g.cards[second]!.counters = { agenda: 1 };
      target = spawn(g, '30067', { zone: 'root', server: 'remote1' });
    });
    s = toTurnEnd(s);
    const top = s.context.pauses.decisions.at(-1);
    expect(top?.kind === 'card' && top.source).toBe(second);
    s = choose(s, 'corp', target, true);
    expect(s.context.cards[second]?.counters.agenda).toBe(0);
    expect(phaseOf(s.value)).toBe('corpTurn.turnEnd');
    expect(s.context.active).toBe('corp');
    s = choose(s, 'corp', target, true);
    expect(s.context.cards[first]?.counters.agenda).toBe(0);
    expect(s.context.cards[target]?.counters.advancement).toBe(4);
    const runner = until(s, acting('runner'));
    expect(runner.context.turn).toBe(2);
    expect(runner.context.log.filter((e) => e.text.startsWith('Turn 2')).length).toBe(1);
  });
  it('two halves: targets key by public position; an unrezzed card never by its code', () => {
    let seri = '';
    let target = '';
    let s = corpActing({}, (g) => {
      seri = spawn(g, '35049', { zone: 'scored', side: 'corp' });
      g.cards[seri]!.counters = { agenda: 1 };
      target = spawn(g, '30067', { zone: 'root', server: 'remote1' });
    });
    s = toTurnEnd(s);
    const options = legal(s, 'corp') as Extract<NetrunnerAction, { type: 'choose' }>[];
    const pick = options.find((a) => a.value === handle(s, target, 'corp'))!;
    expect(netrunner.observedActionKey(pick, 'corp', 'runner')).toBe(
      'sericulture_target:remote1:root:0',
    );
    expect(netrunner.actionKey(pick, 'corp')).toBe('choose:35049:place:30067:remote1:root:0');
  });
});
