import { Rng, type ActionOf, type AnyGameModule, type SeatOf, type ViewOf } from '@veil/engine';
import { greedy } from './greedy.js';
import {
  EXPERT,
  GREEDY,
  ISMCTS,
  isBotLevel,
  type BotLevel,
  type SearchSettings,
} from './levels.js';
import { search } from './search.js';

/**
 * Everything a bot decides from: its seat's view and legal actions (what a worker receives),
 * the level, and a seed. Nothing else of the game is in reach — `decide` reads only this and
 * the module's pure functions.
 */
export interface DecideInput<Seat extends string, View, Action> {
  readonly view: View;
  readonly legalActions: readonly Action[];
  readonly seat: Seat;
  readonly level: BotLevel;
  readonly seed: string;
  /** Overrides the level's budget (search iterations; greedy: determinizations). */
  readonly iterations?: number;
  /** Wall-clock cap in ms since the epoch, as `now()` reads it (default `Date.now`). */
  readonly deadline?: number;
  readonly now?: () => number;
}

export interface Decision<Action> {
  readonly action: Action;
  /** Iterations spent: search iterations, greedy's evaluated (sample, action) pairs, else 0. */
  readonly iterations: number;
}

/** The most iterations any input may ask for (bad input is refused, never run unbounded). */
export const MAX_ITERATIONS = 1_000_000;

/**
 * One bot decision. Same view, legal actions, level, seed and iteration budget ⇒ the same
 * action (a deadline can only stop a search early). A seat with one legal action gets it
 * without a search.
 */
export function decide<M extends AnyGameModule>(
  module: M,
  input: DecideInput<SeatOf<M>, ViewOf<M>, ActionOf<M>>,
): Decision<ActionOf<M>> {
  checkInput(input);
  const legal = input.legalActions;
  const rng = Rng.from(input.seed);
  if (input.level === 'random') return { action: rng.pick(legal), iterations: 0 };
  if (legal.length === 1) return { action: legal[0] as ActionOf<M>, iterations: 0 };
  const timing = { deadline: input.deadline, now: input.now };
  if (input.level === 'greedy') {
    const settings = { samples: input.iterations ?? GREEDY.samples };
    const result = greedy(module, { ...input, ...timing, settings, rng });
    return { action: result.action as ActionOf<M>, iterations: result.iterations };
  }
  const base: SearchSettings = input.level === 'expert' ? EXPERT : ISMCTS;
  const settings = { ...base, iterations: input.iterations ?? base.iterations };
  const result = search(module, { ...input, ...timing, settings, rng });
  return { action: result.action as ActionOf<M>, iterations: result.iterations };
}

function checkInput(input: DecideInput<string, unknown, unknown>): void {
  if (!isBotLevel(input.level)) throw new RangeError(`decide: unknown bot level`);
  if (!Array.isArray(input.legalActions) || input.legalActions.length === 0) {
    throw new RangeError('decide: no legal actions');
  }
  if (typeof input.seed !== 'string') throw new RangeError('decide: seed must be a string');
  const n = input.iterations;
  if (n !== undefined && (!Number.isInteger(n) || n < 1 || n > MAX_ITERATIONS)) {
    throw new RangeError(`decide: iterations must be an integer in [1, ${MAX_ITERATIONS}]`);
  }
}
