import fc from 'fast-check';
import { assertProperty } from './property.js';
import type { AnyGameModule, GameSnapshot, OptionsOf, SeatOf, StateOf } from '../game-module.js';
import { applyAction } from '../play.js';
import { isLive, playRandom } from './random-play.js';

export interface LivenessConfig<M extends AnyGameModule> {
  readonly module: M;
  readonly options: OptionsOf<M>;
  readonly numRuns?: number;
  readonly maxSteps?: number;
  readonly seed?: number;
}

export interface LivenessReport {
  readonly statesChecked: number;
  readonly actionsApplied: number;
}

/**
 * In every reachable non-terminal state some decider has at least one legal action, and every
 * legal action of every decider applies without throwing. A module with `legalActionsOfType`
 * must list exactly its legal actions of each type, in order (`applyAction` trusts it).
 * Checks every state along each seeded random game.
 */
export function checkLiveness<M extends AnyGameModule>(config: LivenessConfig<M>): LivenessReport {
  const { module, options } = config;
  const stats = { statesChecked: 0, actionsApplied: 0 };
  assertProperty(
    fc.property(
      fc.nat({ max: 1_000_000 }),
      fc.integer({ min: 0, max: config.maxSteps ?? 200 }),
      (gameSeed, steps) => {
        const { snapshots } = playRandom(module, options, gameSeed, steps);
        snapshots.forEach((snapshot, i) => {
          checkState(module, snapshot, `game seed ${gameSeed}, after ${i} random steps`, stats);
        });
      },
    ),
    { numRuns: config.numRuns ?? 50, seed: config.seed },
    ([gameSeed, steps]) => `game seed ${gameSeed}, ${steps} random steps`,
  );
  return stats;
}

function checkState<M extends AnyGameModule>(
  module: M,
  snapshot: GameSnapshot<StateOf<M>>,
  where: string,
  stats: { statesChecked: number; actionsApplied: number },
): void {
  if (!isLive(module, snapshot)) return;
  stats.statesChecked++;
  const deciders = module.deciders(snapshot);
  const options = deciders.map((seat) => ({ seat, actions: module.legalActions(snapshot, seat) }));
  if (!options.some((o) => o.actions.length > 0)) {
    throw new Error(
      `liveness violated: no decider has a legal action (${where}; deciders ${JSON.stringify(deciders)})`,
    );
  }
  for (const { seat, actions } of options) {
    checkActionsOfType(module, snapshot, seat as SeatOf<M>, actions, where);
    for (const action of actions) {
      try {
        applyAction(module, snapshot, seat as SeatOf<M>, action);
        stats.actionsApplied++;
      } catch (error) {
        throw new Error(
          `liveness violated: legal action ${JSON.stringify(action)} of ${seat} throws (${where}): ${String(error)}`,
        );
      }
    }
  }
}

/** `legalActionsOfType` against `legalActions`, for every type listed and one that is not. */
function checkActionsOfType<M extends AnyGameModule>(
  module: M,
  snapshot: GameSnapshot<StateOf<M>>,
  seat: SeatOf<M>,
  actions: readonly unknown[],
  where: string,
): void {
  if (!module.legalActionsOfType) return;
  const typeOf = (action: unknown) => (action as { type?: unknown }).type;
  const types = new Set(actions.map(typeOf).filter((t): t is string => typeof t === 'string'));
  for (const type of [...types, '\u0000no such type']) {
    const expected = JSON.stringify(actions.filter((a) => typeOf(a) === type));
    const listed = JSON.stringify(module.legalActionsOfType(snapshot, seat, type));
    if (listed !== expected) {
      throw new Error(
        `legalActionsOfType(${JSON.stringify(type)}) of ${seat} is not legalActions of that type (${where}): ${listed} vs ${expected}`,
      );
    }
  }
}
