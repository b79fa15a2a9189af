import { describe, expect, it } from 'vitest';
import { applyAction, Rng } from '@veil/engine';
import { observe, OBSERVATION_PARTS } from '@veil/engine/testing';
import { netrunner } from '../module.js';
import type { Game } from '../state/types.js';
import {
  decisionKind,
  deciders,
  legal,
  run,
  runnerActing,
  spawn,
  type Snap,
} from '../testing/kit.js';

/*
 * Byte! and what each viewer learns (issue 3, req 6). In HQ or facedown in a remote, a
 * spectator does not see the card the Runner accesses. A Corp decision that appeared only for
 * Byte! would tell the spectator "that was a Byte!" — so, while Byte! is in the Corp's (public)
 * deck list, the Corp is asked a question of the same shape at every such access. These tests
 * play two worlds that differ only in the accessed card and compare everything the spectator
 * observes, step by step (the engine harness compares single states, and a spectator has no
 * actions of its own to follow, so it cannot see this transition).
 */

const HEDGE_FUND = '30075';
const NICO_CAMPAIGN = '30037';
const BYTE = '35050';

type Where = 'hq' | 'remote';

/** The Runner's first action window; the accessed card (`code`) is alone in HQ or remote1. */
function world(code: string, where: Where, arrange?: (g: Game) => void): Snap {
  return runnerActing({ corp: [BYTE] }, (g) => {
    if (where === 'hq') g.corp.hq = [spawn(g, code, { zone: 'hq' })];
    else spawn(g, code, { zone: 'root', server: 'remote1' });
    arrange?.(g);
  });
}

/** Everyone declines: the Corp says no, the Runner continues (no steal, no trash) or passes. */
function decline(s: Snap): Snap {
  const seat = deciders(s)[0];
  if (!seat) throw new Error('nobody decides');
  const options = legal(s, seat);
  const action =
    options.find((a) => a.type === 'choose' && ['no', 'continue', 'pile'].includes(a.value)) ??
    options.find((a) => a.type === 'pass');
  if (!action) throw new Error(`${seat} cannot decline: ${JSON.stringify(options)}`);
  return applyAction(netrunner, s, seat, action) as Snap;
}

/** Plays both worlds until the run is over; returns the decision kinds met in the first. */
function compareForSpectator(a: Snap, b: Snap, where: Where): string[] {
  const kinds: string[] = [];
  const server = where === 'hq' ? 'hq' : 'remote1';
  let left = run(a, server);
  let right = run(b, server);
  for (let step = 0; step < 60 && (left.context.run || right.context.run); step++) {
    const x = observe(netrunner, left, 'spectator');
    const y = observe(netrunner, right, 'spectator');
    for (const part of OBSERVATION_PARTS) {
      expect(y[part], `spectator's ${part} at step ${step}`).toBe(x[part]);
    }
    kinds.push(decisionKind(left) ?? '-');
    left = decline(left);
    right = decline(right);
  }
  expect(left.context.run).toBeNull();
  expect(right.context.run).toBeNull();
  return kinds;
}

describe('Byte!: what a spectator learns from an access it cannot see', () => {
  for (const [where, other] of [
    ['hq', HEDGE_FUND],
    ['remote', NICO_CAMPAIGN],
  ] as const) {
    it(`in ${where}: a Byte! and another card look the same to the spectator`, () => {
      const kinds = compareForSpectator(world(BYTE, where), world(other, where), where);
      expect(kinds).toContain(`${BYTE}:pay`);
    });

    it(`in ${where}: the Corp is asked (check) for any other card, and answers no`, () => {
      let s = world(other, where);
      s = run(s, where === 'hq' ? 'hq' : 'remote1');
      for (let i = 0; i < 40 && decisionKind(s) !== `${BYTE}:check`; i++) s = decline(s);
      expect(decisionKind(s)).toBe(`${BYTE}:check`);
      expect(deciders(s)).toEqual(['corp']);
      expect(legal(s, 'corp').map((a) => (a.type === 'choose' ? a.value : a.type))).toEqual(['no']);
      // The spectator reads the same line as for a real Byte!: who decides, nothing more.
      expect(netrunner.view(s, 'spectator').decision).toMatchObject({
        seat: 'corp',
        kind: 'card',
        prompt: 'The Corp is making a decision.',
      });
      expect(netrunner.view(s, 'spectator').decision?.card).toBeUndefined();
      const credits = s.context.corp.credits;
      s = decline(s);
      expect(decisionKind(s)).toBe('access');
      expect(s.context.corp.credits).toBe(credits);
      expect(s.context.runner.tags).toBe(0);
    });
  }

  it("determinize: the Runner's view at Byte!'s own question means the accessed card is Byte!", () => {
    let s = run(world(BYTE, 'hq'), 'hq');
    for (let i = 0; i < 40 && decisionKind(s) !== `${BYTE}:pay`; i++) s = decline(s);
    const view = netrunner.view(s, 'runner');
    for (let k = 0; k < 5; k++) {
      const d = netrunner.determinize(view, 'runner', Rng.from(`byte:${k}`));
      const accessed = d.context.run?.breach?.current?.uid;
      expect(accessed && d.context.cards[accessed]?.code).toBe(BYTE);
      expect(netrunner.view(d, 'runner')).toEqual(view);
    }
  });

  it('the Corp that cannot pay 4 is asked nothing, Byte! or not (credits are public)', () => {
    const poor = (g: Game) => void (g.corp.credits = 3);
    const kinds = compareForSpectator(world(BYTE, 'hq', poor), world(HEDGE_FUND, 'hq', poor), 'hq');
    expect(kinds.some((k) => k.startsWith(BYTE))).toBe(false);
  });

  it('a deck list without Byte! gets no check (nothing to hide)', () => {
    let s = runnerActing({}, (g) => void (g.corp.hq = [spawn(g, HEDGE_FUND, { zone: 'hq' })]));
    expect(s.context.decks.corp.cards.some((e) => e.code === BYTE)).toBe(false);
    s = run(s, 'hq');
    for (let i = 0; i < 40 && s.context.run; i++) {
      expect(decisionKind(s)).not.toBe(`${BYTE}:check`);
      s = decline(s);
    }
  });

  it('in R&D Byte! is revealed to everyone, so its question names it (no check needed)', () => {
    let s = runnerActing({ corp: [BYTE] }, (g) => void spawn(g, BYTE, { zone: 'rd' }));
    s = run(s, 'rd');
    for (let i = 0; i < 40 && decisionKind(s) !== `${BYTE}:pay`; i++) s = decline(s);
    expect(netrunner.view(s, 'spectator').decision?.card?.title).toBe('Byte!');
  });
});
