import type { AnyGameModule, GameSnapshot, OptionsOf, SeatOf, StateOf } from '../game-module.js';
import { applyAction, newGame } from '../play.js';
import { Rng } from '../rng.js';

export interface Move<Seat extends string = string> {
  readonly seat: Seat;
  readonly action: unknown;
}

export interface PlayedGame<M extends AnyGameModule> {
  /** `snapshots[i]` is the state before `moves[i]`; the last one is the state reached. */
  readonly snapshots: GameSnapshot<StateOf<M>>[];
  readonly moves: Move<SeatOf<M>>[];
}

/**
 * Seeded random play: from the game set up with `seed`, each step a random decider plays a
 * random legal action, for `steps` steps or until no one can act. The same arguments always
 * give the same game, which is what lets the harness regenerate (and shrink) a reachable state
 * from two integers.
 */
export function playRandom<M extends AnyGameModule>(
  module: M,
  options: OptionsOf<M>,
  seed: number,
  steps: number,
): PlayedGame<M> {
  const rng = Rng.from(`random-play:${seed}`);
  let snapshot = newGame(module, options, seed);
  const snapshots = [snapshot];
  const moves: Move<SeatOf<M>>[] = [];
  for (let i = 0; i < steps && isLive(module, snapshot); i++) {
    const deciders = module.deciders(snapshot) as SeatOf<M>[];
    if (deciders.length === 0) break;
    const seat = rng.pick(deciders);
    const actions = module.legalActions(snapshot, seat);
    if (actions.length === 0) break;
    const action = rng.pick(actions);
    snapshot = applyAction(module, snapshot, seat, action);
    moves.push({ seat, action });
    snapshots.push(snapshot);
  }
  return { snapshots, moves };
}

export function isLive<M extends AnyGameModule>(
  module: M,
  snapshot: GameSnapshot<StateOf<M>>,
): boolean {
  return snapshot.status === 'active' && module.outcome(snapshot) === null;
}
