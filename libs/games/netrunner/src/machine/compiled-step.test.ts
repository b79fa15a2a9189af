import { describe, expect, it } from 'vitest';
import {
  applyAction,
  applyPolicy,
  chartCompiles,
  newGame,
  Rng,
  snapshotBytes,
  type GameSnapshot,
} from '@veil/engine';
import { transition } from 'xstate';
import { netrunner } from '../module.js';
import { PAIRINGS } from '../testing/pairings.js';
import type { Game } from '../state/types.js';

type Snapshot = GameSnapshot<Game>;

/** XState's own step of the machine, for comparison with the engine's compiled one. */
function xstateStep(s: Snapshot, event: object): Snapshot {
  const [next] = transition(netrunner.machine, s as never, event as never);
  return next as unknown as Snapshot;
}

describe('the engine steps the Netrunner chart exactly as XState does', () => {
  it('state by state through random games of every pairing, policies included', () => {
    // The engine steps only compiled charts; this states it, so the comparison below is one.
    expect(chartCompiles(netrunner.machine)).toBe(true);
    let compared = 0;
    for (const [i, options] of [...PAIRINGS, ...PAIRINGS].entries()) {
      const rng = Rng.from(`compiled-step:netrunner:${i}`);
      let s: Snapshot = newGame(netrunner, options, `compiled-step:${i}`);
      for (let n = 0; n < 600 && !netrunner.outcome(s); n++) {
        const seat = rng.pick(netrunner.deciders(s));
        if (rng.int(20) === 0) {
          const event = { type: 'policy', seat, kind: 'run-encounter', policy: 'auto-pass' };
          const expected = xstateStep(s, event);
          s = applyPolicy(netrunner, s, seat, 'run-encounter', 'auto-pass');
          expect(snapshotBytes(s)).toBe(snapshotBytes(expected));
        }
        const action = rng.pick(netrunner.legalActions(s, seat));
        const expected = xstateStep(s, { type: 'act', seat, action });
        s = applyAction(netrunner, s, seat, action);
        expect(snapshotBytes(s)).toBe(snapshotBytes(expected));
        compared++;
      }
    }
    // Random games are shorter since a seat with nothing in sight is not asked (RULES_VERSION 6).
    expect(compared).toBeGreaterThan(1_500);
  });
});
