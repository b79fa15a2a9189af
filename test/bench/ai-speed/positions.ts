import type { GameSnapshot } from '@veil/engine';
import { playRandom } from '@veil/engine/testing';
import { netrunner, type NetrunnerSeat, type NetrunnerState } from '@veil/netrunner';

export interface Position {
  readonly snapshot: GameSnapshot<NetrunnerState>;
  readonly seat: NetrunnerSeat;
  readonly where: string;
}

/**
 * The benchmark's midgame positions, saved as their recipe: seeded random games with the
 * default decks (seeds 5000, 5001, …), every 23rd state from step 40 on where the seat to act
 * has at least three legal actions. The same rules version always gives the same positions.
 */
export function midgamePositions(count: number): Position[] {
  const out: Position[] = [];
  for (let game = 0; out.length < count && game < count * 4; game++) {
    const seed = 5000 + game;
    const { snapshots } = playRandom(netrunner, {}, seed, 400);
    for (let i = 40; i < snapshots.length && out.length < count; i += 23) {
      const snapshot = snapshots[i] as GameSnapshot<NetrunnerState>;
      if (netrunner.outcome(snapshot)) break;
      const seat = netrunner.deciders(snapshot)[0];
      if (!seat || netrunner.legalActions(snapshot, seat).length < 3) continue;
      out.push({ snapshot, seat, where: `seed ${seed} step ${i}` });
    }
  }
  return out;
}
