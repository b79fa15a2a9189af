import { playRandom } from '@veil/engine/testing';
import { Rng, type GameSnapshot } from '@veil/engine';
import { FACTION_IDS } from '../data/types.js';
import { dune } from '../module.js';
import type { DuneState, Faction } from '../state/types.js';

export interface Position {
  readonly snapshot: GameSnapshot<DuneState>;
  readonly seat: Faction;
  readonly where: string;
}

/**
 * Seeded states of random-legal games (2–6 random factions) where a seat has a real choice
 * (at least `minChoices` legal actions): every `every`-th state after `from` steps, for the
 * AI tests.
 */
export function dunePositions(
  count: number,
  { from = 30, every = 37, minChoices = 2, seed = 1, seats = 0 } = {},
): Position[] {
  const out: Position[] = [];
  for (let game = 0; out.length < count && game < count * 4; game++) {
    const rng = Rng.from(`dune-positions:${seed}:${game}`);
    const n = seats || 2 + rng.int(5);
    const factions = rng.shuffle(FACTION_IDS).slice(0, n);
    const { snapshots } = playRandom(dune, { factions }, seed * 1000 + game, 1500);
    for (let i = from; i < snapshots.length && out.length < count; i += every) {
      const snapshot = snapshots[i] as GameSnapshot<DuneState>;
      if (dune.outcome(snapshot)) break;
      const seat = dune.deciders(snapshot)[0];
      if (!seat || dune.legalActions(snapshot, seat).length < minChoices) continue;
      out.push({ snapshot, seat, where: `game ${seed * 1000 + game} step ${i}` });
    }
  }
  return out;
}

/** A seeded random-legal game played to its end (its last state). */
export function finishedGame(factions: readonly Faction[], seed: number): GameSnapshot<DuneState> {
  const { snapshots } = playRandom(dune, { factions }, seed, 20_000);
  const last = snapshots.at(-1) as GameSnapshot<DuneState>;
  if (!dune.outcome(last)) throw new Error(`seed ${seed}: no end`);
  return last;
}
