import { Rng, type AnyGameModule, type GameSnapshot } from '@veil/engine';
import { byKey, candidates } from './candidates.js';
import type { GreedySettings } from './levels.js';
import { nextTurn, score, seatsInPlay, step } from './playout.js';

/** Moves forced after the chosen one (one legal action each) are followed up to this many. */
const FORCED_FOLLOW = 32;

/**
 * One ply: every legal action (one per action key; the game's `candidateActions` when it has
 * them) is applied in the same `samples`
 * determinizations of the bot's view, the forced moves after it followed, and the state scored
 * by the game's evaluation for the bot; the best mean wins (ties: the first in legal order).
 */
export function greedy(
  module: AnyGameModule,
  input: {
    readonly view: unknown;
    readonly seat: string;
    readonly legalActions: readonly unknown[];
    readonly settings: GreedySettings;
    readonly rng: Rng;
    readonly deadline?: number;
    readonly now?: () => number;
  },
): { action: unknown; iterations: number } {
  const { seat, rng } = input;
  const seats = seatsInPlay(module, input.view);
  // The game's candidates when its lists are huge (Dune's shipments), else every action.
  const keys = byKey(module, candidates(module, input.legalActions, seat), seat);
  const totals = new Map<string, { sum: number; n: number }>();
  const now = input.now ?? Date.now;
  let iterations = 0;
  let failed = 0;
  let lastError: unknown = null;
  for (let i = 0; i < input.settings.samples; i++) {
    if (input.deadline !== undefined && now() >= input.deadline) break;
    const sample = module.determinize(
      input.view,
      seat,
      new Rng(rng.fork()),
    ) as GameSnapshot<unknown>;
    let turn: ReturnType<typeof nextTurn>;
    try {
      turn = nextTurn(module, sample, null, seat);
    } catch (error) {
      iterations++;
      failed++;
      lastError = error;
      continue;
    }
    if (!turn || turn.seat !== seat) continue;
    const here = new Map(turn.legal.map((a) => [module.actionKey(a, seat), a]));
    for (const key of keys.keys()) {
      const action = here.get(key);
      if (action === undefined) continue;
      iterations++;
      let value: number;
      try {
        let state = step(module, sample, seat, action);
        let last = seat;
        for (let f = 0; f < FORCED_FOLLOW; f++) {
          const next = nextTurn(module, state, last);
          if (!next || next.legal.length !== 1) break;
          state = step(module, state, next.seat, next.legal[0]);
          last = next.seat;
        }
        value = score(module, state, seats)[seat] ?? 0;
      } catch (error) {
        // A sampled world the rules cannot play on is dropped (as in search.ts).
        failed++;
        lastError = error;
        continue;
      }
      const total = totals.get(key) ?? { sum: 0, n: 0 };
      total.sum += value;
      total.n++;
      totals.set(key, total);
    }
  }
  if (iterations > 0 && failed === iterations) throw lastError;
  let best: string | null = null;
  let bestMean = -Infinity;
  for (const key of keys.keys()) {
    const total = totals.get(key);
    if (!total) continue;
    const mean = total.sum / total.n;
    if (mean > bestMean) {
      bestMean = mean;
      best = key;
    }
  }
  const action = best === null ? rng.pick([...keys.values()]) : keys.get(best);
  return { action, iterations };
}
