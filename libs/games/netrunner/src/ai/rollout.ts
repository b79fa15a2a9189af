import type { GameSnapshot, Rng } from '@veil/engine';
import type { NetrunnerAction } from '../actions/types.js';
import type { Game, Side } from '../state/types.js';

/**
 * A cheap playout move: an action type drawn by weight, then an action of that type uniformly
 * — random, but wasting fewer clicks than uniform play (a Corp advances and scores, a Runner
 * runs and breaks). A score is always taken. Weights per side; unlisted types weigh 1.
 */
const WEIGHTS: Record<Side, Readonly<Record<string, number>>> = {
  corp: { advance: 4, install: 2, rez: 2, purge: 0.2 },
  runner: { run: 3, install: 2, use: 2, 'trash-resource': 0.5 },
};

export function rolloutNetrunner(
  _snapshot: GameSnapshot<Game>,
  seat: Side,
  legal: readonly NetrunnerAction[],
  rng: Rng,
): NetrunnerAction {
  const weights = WEIGHTS[seat];
  const groups = new Map<string, NetrunnerAction[]>();
  for (const action of legal) {
    if (action.type === 'score') return action;
    const group = groups.get(action.type);
    if (group) group.push(action);
    else groups.set(action.type, [action]);
  }
  let total = 0;
  for (const type of groups.keys()) total += weights[type] ?? 1;
  let r = (rng.int(1_000_000) / 1_000_000) * total;
  for (const [type, group] of groups) {
    r -= weights[type] ?? 1;
    if (r < 0) return rng.pick(group);
  }
  return rng.pick(legal);
}
