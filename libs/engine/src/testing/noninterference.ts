import fc from 'fast-check';
import { assertProperty } from './property.js';
import type {
  AnyGameModule,
  GameSnapshot,
  OptionsOf,
  SeatOf,
  StateOf,
  Viewer,
} from '../game-module.js';
import { applyAction, snapshotBytes } from '../play.js';
import { Rng } from '../rng.js';
import { firstDifference } from './diff.js';
import { OBSERVATION_PARTS, observe, type Observation } from './observe.js';
import { isLive, playRandom } from './random-play.js';

/**
 * A game-provided perturbation: a state that differs from `snapshot` only in what `viewer`
 * cannot see (e.g. two unseen cards swapped between hidden zones, public counts kept), or
 * `null` when nothing is hidden from the viewer.
 */
export type Perturbation<M extends AnyGameModule> = (
  snapshot: GameSnapshot<StateOf<M>>,
  viewer: Viewer<SeatOf<M>>,
  rng: Rng,
) => GameSnapshot<StateOf<M>> | null;

export interface NoninterferenceConfig<M extends AnyGameModule> {
  readonly module: M;
  readonly options: OptionsOf<M>;
  readonly perturb: Perturbation<M>;
  /** Default: every seat and `spectator`. */
  readonly viewers?: readonly Viewer<SeatOf<M>>[];
  /** fast-check runs; each run checks one reachable state (or several, see `stride`). */
  readonly numRuns?: number;
  /** Longest random play used to reach a state. */
  readonly maxSteps?: number;
  /** Also check every `stride`-th state on the way (0: only the state reached). */
  readonly stride?: number;
  /**
   * After perturbing, keep applying the viewer's own actions (the same one in both worlds) for
   * up to this many steps and compare again: a leak that only shows in what happens next — a
   * window that opens only when someone can use it — is caught here. The viewer's own action
   * may legitimately reveal a hidden card (a draw), so after it only `followParts` are
   * compared: by default who decides and the window shapes, which must never depend on what
   * the viewer cannot see. A game whose own actions can reveal a card that changes who decides
   * must keep such cards out of its perturbation.
   */
  readonly followSteps?: number;
  readonly followParts?: readonly (keyof Observation)[];
  /** fast-check seed, for a reproducible run. */
  readonly seed?: number;
}

export interface NoninterferenceReport {
  /** Distinct (state, viewer) pairs compared, including followed steps. */
  readonly statesChecked: number;
  /** Pairs where the perturbation really changed the state. */
  readonly perturbed: number;
  /** Steps compared after applying the viewer's own action in both worlds. */
  readonly followed: number;
  /** `statesChecked` per viewer: each run draws one viewer, so a test can require them all. */
  readonly byViewer: Readonly<Record<string, number>>;
}

/**
 * docs/privacy.md: for a viewer V, two states that differ only in what V cannot see must give
 * byte-identical views, legal-action lists, log views, window shapes and deciders for V.
 * Reachable states come from seeded random play; failures shrink (fewer steps, smaller seeds)
 * and throw with the counterexample and the first differing path.
 */
export function checkNoninterference<M extends AnyGameModule>(
  config: NoninterferenceConfig<M>,
): NoninterferenceReport {
  const { module, options, perturb } = config;
  const viewers =
    config.viewers ?? ([...module.seats(options), 'spectator'] as Viewer<SeatOf<M>>[]);
  const maxSteps = config.maxSteps ?? 200;
  const stride = config.stride ?? 0;
  const followSteps = config.followSteps ?? 4;
  const followParts = config.followParts ?? (['windows', 'deciders'] as const);
  const stats = { statesChecked: 0, perturbed: 0, followed: 0 };
  const byViewer: Record<string, number> = Object.fromEntries(viewers.map((v) => [v, 0]));

  const checkOne = (
    start: GameSnapshot<StateOf<M>>,
    viewer: Viewer<SeatOf<M>>,
    perturbSeed: number,
    where: string,
  ): void => {
    // After the end nothing is hidden any more: a game may show every card then (Netrunner's
    // reveal), so only states of a live game are compared (docs/privacy.md).
    if (!isLive(module, start)) return;
    const rng = Rng.from(`perturb:${perturbSeed}`);
    const changed = perturb(start, viewer, rng);
    if (changed === null) return;
    stats.statesChecked++;
    byViewer[viewer] = (byViewer[viewer] ?? 0) + 1;
    if (snapshotBytes(changed) !== snapshotBytes(start)) stats.perturbed++;
    let left = start;
    let right = changed;
    compare(module, left, right, viewer, `${where}, as perturbed`, OBSERVATION_PARTS);
    for (let k = 1; k <= followSteps && viewer !== 'spectator'; k++) {
      if (!isLive(module, left) || !module.deciders(left).includes(viewer)) break;
      const action = rng.pick(module.legalActions(left, viewer));
      const description = `${where}, then ${viewer} played ${JSON.stringify(action)} (follow step ${k})`;
      left = applyAction(module, left, viewer, action);
      right = applyAction(module, right, viewer, action);
      stats.followed++;
      compare(module, left, right, viewer, description, followParts);
      // The action revealed something that differs between the worlds (a drawn card): from
      // here the two worlds are no longer alike for this viewer, so stop following.
      if (!sameObservation(module, left, right, viewer)) break;
    }
  };

  assertProperty(
    fc.property(
      fc.nat({ max: 1_000_000 }),
      fc.integer({ min: 0, max: maxSteps }),
      fc.constantFrom(...viewers),
      fc.nat({ max: 1_000_000 }),
      (gameSeed, steps, viewer, perturbSeed) => {
        const { snapshots } = playRandom(module, options, gameSeed, steps);
        const reached = snapshots.length - 1;
        const indexes =
          stride > 0
            ? snapshots.map((_, i) => i).filter((i) => i % stride === 0 || i === reached)
            : [reached];
        for (const i of indexes) {
          const where = `game seed ${gameSeed}, after ${i} random steps, viewer ${viewer}, perturbation seed ${perturbSeed}`;
          checkOne(snapshots[i] as GameSnapshot<StateOf<M>>, viewer, perturbSeed, where);
        }
      },
    ),
    { numRuns: config.numRuns ?? 300, seed: config.seed },
    ([gameSeed, steps, viewer, perturbSeed]) =>
      `game seed ${gameSeed}, ${steps} random steps, viewer ${viewer}, perturbation seed ${perturbSeed}`,
  );

  if (stats.perturbed === 0) {
    throw new Error(
      'noninterference: no perturbation changed any state — the check compared identical worlds and proves nothing',
    );
  }
  return { ...stats, byViewer };
}

function sameObservation<M extends AnyGameModule>(
  module: M,
  left: GameSnapshot<StateOf<M>>,
  right: GameSnapshot<StateOf<M>>,
  viewer: Viewer<SeatOf<M>>,
): boolean {
  const a = observe(module, left, viewer);
  const b = observe(module, right, viewer);
  return OBSERVATION_PARTS.every((part) => a[part] === b[part]);
}

function compare<M extends AnyGameModule>(
  module: M,
  left: GameSnapshot<StateOf<M>>,
  right: GameSnapshot<StateOf<M>>,
  viewer: Viewer<SeatOf<M>>,
  where: string,
  parts: readonly (keyof Observation)[],
): void {
  const a = observe(module, left, viewer);
  const b = observe(module, right, viewer);
  for (const part of parts) {
    if (a[part] === b[part]) continue;
    const diff = firstDifference(JSON.parse(a[part]), JSON.parse(b[part]));
    throw new Error(
      `noninterference violated: ${viewer}'s ${part} depends on hidden information (${where}); ` +
        `first difference at ${diff?.path ?? '(bytes)'}: ${diff?.left ?? a[part]} vs ${diff?.right ?? b[part]}`,
    );
  }
}
