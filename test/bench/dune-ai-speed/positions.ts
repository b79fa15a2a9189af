import { Rng, type AnyGameModule, type GameSnapshot } from '@veil/engine';
import { playRandom } from '@veil/engine/testing';
import { dune } from '@veil/dune';
import { FACTIONS } from '../dune-ladder/factions.js';

const module = dune as unknown as AnyGameModule;

export interface Position {
  readonly snapshot: GameSnapshot<unknown>;
  readonly seat: string;
  readonly legal: number;
  readonly where: string;
}

/** A list at least this long is "huge" (Dune's shipments and moves: hundreds). */
export const HUGE = 150;

/**
 * Saved Dune positions for the speed bench: seeded random-legal games of the ladder's four
 * factions, and in them, from step 20, the first decider's states with a choice — `count`
 * ordinary ones (every 29th such state) and `count` with a huge list (every 3rd such state),
 * so both kinds of decision are timed.
 */
export function dunePositions(count: number): { ordinary: Position[]; huge: Position[] } {
  const ordinary: Position[] = [];
  const huge: Position[] = [];
  let seenOrdinary = 0;
  let seenHuge = 0;
  for (let game = 0; game < 200 && (ordinary.length < count || huge.length < count); game++) {
    const rng = Rng.from(`dune-ai-speed:${game}`);
    const factions = rng.shuffle(FACTIONS);
    const { snapshots } = playRandom(module, { factions, turns: 10 }, 9000 + game, 1500);
    for (let i = 20; i < snapshots.length; i++) {
      const snapshot = snapshots[i] as GameSnapshot<unknown>;
      if (module.outcome(snapshot)) break;
      const seat = (module.deciders(snapshot) as string[])[0];
      if (seat === undefined) continue;
      const legal = module.legalActions(snapshot, seat).length;
      if (legal < 2) continue;
      const where = `game ${game} step ${i}`;
      if (legal >= HUGE) {
        if (seenHuge++ % 3 === 0 && huge.length < count)
          huge.push({ snapshot, seat, legal, where });
      } else if (seenOrdinary++ % 29 === 0 && ordinary.length < count) {
        ordinary.push({ snapshot, seat, legal, where });
      }
    }
  }
  return { ordinary, huge };
}
