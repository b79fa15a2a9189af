import { playRandom } from '@veil/engine/testing';
import type { GameSnapshot } from '@veil/engine';
import { netrunner } from '../module.js';
import type { Game, Side } from '../state/types.js';

/**
 * Seeded midgame states where one seat has a real choice (at least `minChoices` legal
 * actions): every `every`-th state of random games after `from` steps, for AI tests and the
 * speed bench.
 */
export function choicePositions(
  count: number,
  { from = 40, every = 23, minChoices = 3, seed = 1 } = {},
): { snapshot: GameSnapshot<Game>; seat: Side; where: string }[] {
  const out: { snapshot: GameSnapshot<Game>; seat: Side; where: string }[] = [];
  for (let game = 0; out.length < count && game < count * 4; game++) {
    const { snapshots } = playRandom(netrunner, {}, seed * 1000 + game, 400);
    for (let i = from; i < snapshots.length && out.length < count; i += every) {
      const snapshot = snapshots[i] as GameSnapshot<Game>;
      if (netrunner.outcome(snapshot)) break;
      const seat = netrunner.deciders(snapshot)[0];
      if (!seat || netrunner.legalActions(snapshot, seat).length < minChoices) continue;
      out.push({ snapshot, seat, where: `game ${seed * 1000 + game} step ${i}` });
    }
  }
  return out;
}
