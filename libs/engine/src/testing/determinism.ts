import fc from 'fast-check';
import { assertProperty } from './property.js';
import type { AnyGameModule, GameSnapshot, OptionsOf, SeatOf, StateOf } from '../game-module.js';
import {
  applyAction,
  applyTrustedAction,
  newGame,
  persistGame,
  restoreGame,
  snapshotBytes,
} from '../play.js';
import { firstDifference } from './diff.js';
import { playRandom } from './random-play.js';

export interface DeterminismConfig<M extends AnyGameModule> {
  readonly module: M;
  readonly options: OptionsOf<M>;
  readonly numRuns?: number;
  readonly maxSteps?: number;
  readonly seed?: number;
}

export interface DeterminismReport {
  readonly games: number;
  readonly snapshotsCompared: number;
}

/**
 * docs/architecture.md, "The engine": replaying a game's action log from its first snapshot reproduces every later
 * snapshot byte for byte, and the same snapshot + the same action gives a byte-identical result.
 * Each run plays a seeded random game, then (1) sets the same seed up again, (2) replays the
 * log from the first snapshot restored from its persisted JSON, (3) re-applies each action to
 * a restored copy of the state before it, and (4) steps it there once more through the search's
 * trusted step (`applyTrustedAction`, no legality re-check) — comparing bytes at every step.
 */
export function checkDeterminism<M extends AnyGameModule>(
  config: DeterminismConfig<M>,
): DeterminismReport {
  const { module, options } = config;
  const stats = { games: 0, snapshotsCompared: 0 };
  assertProperty(
    fc.property(
      fc.nat({ max: 1_000_000 }),
      fc.integer({ min: 1, max: config.maxSteps ?? 200 }),
      (gameSeed, steps) => {
        const { snapshots, moves } = playRandom(module, options, gameSeed, steps);
        stats.games++;
        const where = (i: number) => `game seed ${gameSeed}, step ${i} of ${moves.length}`;
        const first = snapshots[0] as GameSnapshot<StateOf<M>>;
        expectSameBytes(newGame(module, options, gameSeed), first, `${where(0)} (setup)`);
        let replayed = restoreGame(module, persistGame(first));
        moves.forEach((move, i) => {
          const before = snapshots[i] as GameSnapshot<StateOf<M>>;
          const expected = snapshots[i + 1] as GameSnapshot<StateOf<M>>;
          replayed = replayStep(module, replayed, move, `${where(i + 1)} (replay)`);
          expectSameBytes(replayed, expected, `${where(i + 1)} (replay)`);
          const again = replayStep(
            module,
            restoreGame(module, persistGame(before)),
            move,
            `${where(i + 1)} (same snapshot + same action)`,
          );
          expectSameBytes(again, expected, `${where(i + 1)} (same snapshot + same action)`);
          const trusted = applyTrustedAction(
            module,
            restoreGame(module, persistGame(before)),
            move.seat as SeatOf<M>,
            move.action as never,
          );
          expectSameBytes(trusted, expected, `${where(i + 1)} (the search's trusted step)`);
          stats.snapshotsCompared += 3;
        });
      },
    ),
    { numRuns: config.numRuns ?? 50, seed: config.seed },
    ([gameSeed, steps]) => `game seed ${gameSeed}, ${steps} random steps`,
  );
  return stats;
}

function replayStep<M extends AnyGameModule>(
  module: M,
  snapshot: GameSnapshot<StateOf<M>>,
  move: { seat: string; action: unknown },
  where: string,
): GameSnapshot<StateOf<M>> {
  try {
    return applyAction(module, snapshot, move.seat as SeatOf<M>, move.action);
  } catch (error) {
    throw new Error(
      `determinism violated: a recorded action was refused on replay (${where}): ${String(error)}`,
    );
  }
}

function expectSameBytes(
  actual: GameSnapshot<unknown>,
  expected: GameSnapshot<unknown>,
  where: string,
): void {
  const a = snapshotBytes(actual);
  const b = snapshotBytes(expected);
  if (a === b) return;
  const diff = firstDifference(JSON.parse(b), JSON.parse(a));
  throw new Error(
    `determinism violated: snapshot bytes differ (${where}); first difference at ${diff?.path}: expected ${diff?.left}, got ${diff?.right}`,
  );
}
