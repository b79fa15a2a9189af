import { applyAction, newGame, Rng } from '@veil/engine';
import type { NetrunnerAction } from '../actions/types.js';
import { netrunner } from '../module.js';
import type { Side } from '../state/types.js';
import type { Snap } from './kit.js';
import { PAIRINGS } from './pairings.js';

/** One applied action of a seeded random game, with the states around it. */
export interface Step {
  readonly seed: number;
  readonly index: number;
  readonly before: Snap;
  readonly seat: Side;
  readonly action: NetrunnerAction;
  readonly after: Snap;
}

/**
 * Every step of seeded random-legal games between the starter pairings, in order (the same
 * games as random-play.test.ts). Only `*.test.ts` files import it.
 */
export function* seededSteps(seeds: readonly number[], maxSteps = 6000): Generator<Step> {
  for (const seed of seeds) {
    const rng = Rng.from(`random-play:${seed}`);
    let s = newGame(netrunner, PAIRINGS[seed % PAIRINGS.length] ?? {}, seed) as Snap;
    for (let index = 0; index < maxSteps && netrunner.outcome(s) === null; index++) {
      const seat = rng.pick(netrunner.deciders(s));
      const action = rng.pick(netrunner.legalActions(s, seat));
      const after = applyAction(netrunner, s, seat, action) as Snap;
      yield { seed, index, before: s, seat, action, after };
      s = after;
    }
  }
}

/** The seeds 1…n. */
export function seeds(n: number): number[] {
  return Array.from({ length: n }, (_, i) => i + 1);
}
