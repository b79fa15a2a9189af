import type { AnyGameModule, GameSnapshot, OptionsOf, SeatOf, StateOf } from '../game-module.js';
import { applyAction, newGame, snapshotBytes } from '../play.js';
import { Rng } from '../rng.js';

export interface InterleavingConfig<M extends AnyGameModule> {
  readonly module: M;
  readonly options: OptionsOf<M>;
  /** The two games' seeds (their random moves are seeded from them too). */
  readonly seeds: readonly [string, string];
  /** Actions per game at most. */
  readonly steps: number;
  /** Random actions played on each determinization made between two steps. */
  readonly searchSteps?: number;
}

/** One game under way, with what was seen of it: every state's bytes, legal lists, views. */
interface Play<M extends AnyGameModule> {
  snapshot: GameSnapshot<StateOf<M>>;
  readonly rng: Rng;
  readonly trace: string[];
  done: boolean;
}

/**
 * No game sees another's leftovers (docs/architecture.md, "The engine"): two seeded random games
 * stepped in turn, with a search's determinization of the other game made and played between
 * every two steps, go exactly as each game alone — every state's bytes, each decider's legal
 * actions and view. A cache or draft kept outside the state (module state keyed on "the last
 * game") shows here as a difference. Returns the first difference, or null.
 */
export function checkInterleaving<M extends AnyGameModule>(
  config: InterleavingConfig<M>,
): string | null {
  const { module, options, seeds, steps } = config;
  const alone = seeds.map((seed) => {
    const play = start(module, options, seed);
    for (let i = 0; i < steps; i++) advance(module, play);
    return play.trace;
  });
  const plays = seeds.map((seed) => start(module, options, seed));
  const search = Rng.from(`interleaving:search:${seeds.join(':')}`);
  for (let i = 0; i < steps; i++) {
    for (const [index, play] of plays.entries()) {
      try {
        advance(module, play);
        const other = plays[1 - index] as Play<M>;
        if (!other.done) searchFrom(module, other.snapshot, search, config.searchSteps ?? 4);
      } catch (error) {
        // Alone the same moves went through: here something of the other game got in.
        return `game ${seeds[index]}, state ${play.trace.length}: interleaved play threw ${String(error)}`;
      }
    }
  }
  for (const [index, play] of plays.entries()) {
    const expected = alone[index] as string[];
    for (let i = 0; i < Math.max(expected.length, play.trace.length); i++) {
      if (play.trace[i] !== expected[i]) {
        return `game ${seeds[index]}, state ${i}: interleaved ${play.trace[i]?.slice(0, 200)} … alone ${expected[i]?.slice(0, 200)} …`;
      }
    }
  }
  return null;
}

function start<M extends AnyGameModule>(module: M, options: OptionsOf<M>, seed: string): Play<M> {
  return {
    snapshot: newGame(module, options, seed),
    rng: Rng.from(`interleaving:${seed}`),
    trace: [],
    done: false,
  };
}

/** Records the state, then plays one random legal action of a random decider. */
function advance<M extends AnyGameModule>(module: M, play: Play<M>): void {
  if (play.done) return;
  const s = play.snapshot;
  const deciders = module.deciders(s) as SeatOf<M>[];
  const seen = deciders.map((seat) => ({
    seat,
    legal: module.legalActions(s, seat),
    view: module.view(s, seat),
  }));
  play.trace.push(`${snapshotBytes(s)} ${JSON.stringify(seen)}`);
  if (module.outcome(s) !== null || deciders.length === 0) {
    play.done = true;
    return;
  }
  const seat = play.rng.pick(deciders);
  const legal = seen.find((x) => x.seat === seat)?.legal ?? [];
  play.snapshot = applyAction(module, s, seat, play.rng.pick(legal));
}

/** What a search worker does with a state: a determinization from a decider's view, played on. */
function searchFrom<M extends AnyGameModule>(
  module: M,
  snapshot: GameSnapshot<StateOf<M>>,
  rng: Rng,
  steps: number,
): void {
  const deciders = module.deciders(snapshot) as SeatOf<M>[];
  if (deciders.length === 0 || module.outcome(snapshot) !== null) return;
  const viewer = rng.pick(deciders);
  // Half of them with the viewer's own hidden cards resampled too (multiple-observer search).
  const resampleOwn = rng.pick([false, true]);
  let s = module.determinize(module.view(snapshot, viewer), viewer, rng, { resampleOwn });
  for (let i = 0; i < steps && module.outcome(s) === null; i++) {
    const seats = module.deciders(s) as SeatOf<M>[];
    if (seats.length === 0) return;
    const lists = seats.map((seat) => module.legalActions(s, seat));
    const at = rng.int(seats.length);
    s = applyAction(module, s, seats[at] as SeatOf<M>, rng.pick(lists[at] as unknown[]));
  }
}
