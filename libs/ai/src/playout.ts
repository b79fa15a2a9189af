import { applyTrustedAction, type AnyGameModule, type GameSnapshot, type Rng } from '@veil/engine';

/**
 * What the search does with a sampled state: step it, find who acts, play it out cheaply and
 * score it. Everything goes through the module's pure functions and the engine's one stepping
 * path (its trusted entry, `applyTrustedAction`: every action stepped here was taken from the
 * legal list of the state it is applied to); nothing here knows a game.
 */

/** Rewards per seat, each in [0, 1]. */
export type Rewards = Readonly<Record<string, number>>;

/**
 * The seat that acts next and its legal actions, or `null` when the game is over or stuck.
 * Several deciders (a simultaneous choice, where a seat that is in may commit again) take turns:
 * `first` if it may act (the bot asked at the root), else the first decider after `last` (the
 * seat that acted before), around — so each gets its turn and the choice closes.
 */
export function nextTurn(
  module: AnyGameModule,
  state: GameSnapshot<unknown>,
  last: string | null = null,
  first: string | null = null,
): { seat: string; legal: unknown[] } | null {
  if (state.status !== 'active' || module.outcome(state) !== null) return null;
  const deciders = module.deciders(state) as string[];
  if (first !== null && deciders.includes(first)) {
    const legal = module.legalActions(state, first);
    if (legal.length > 0) return { seat: first, legal };
  }
  const start = last === null ? 0 : deciders.indexOf(last) + 1;
  for (let i = 0; i < deciders.length; i++) {
    const seat = deciders[(start + i) % deciders.length] as string;
    const legal = module.legalActions(state, seat);
    if (legal.length > 0) return { seat, legal };
  }
  return null;
}

/**
 * The seats of the game the bot's view shows: the module's `seatsInView`, else its default
 * seats (a game of fixed seats). A game seated from its options must not be scored as all of
 * its possible seats.
 */
export function seatsInPlay(module: AnyGameModule, view: unknown): string[] {
  return (module.seatsInView?.(view) ?? module.seats({})) as string[];
}

/** Steps `seat`'s `action`, one of `nextTurn(…).legal` for this very state. */
export function step(
  module: AnyGameModule,
  state: GameSnapshot<unknown>,
  seat: string,
  action: unknown,
): GameSnapshot<unknown> {
  return applyTrustedAction(module, state, seat, action);
}

/** Up to `depth` playout moves by the game's rollout policy (uniform without one). */
export function playout(
  module: AnyGameModule,
  state: GameSnapshot<unknown>,
  depth: number,
  rng: Rng,
  last: string | null = null,
): { state: GameSnapshot<unknown>; steps: number } {
  let s = state;
  let steps = 0;
  let before = last;
  while (steps < depth) {
    const turn = nextTurn(module, s, before);
    if (!turn) break;
    const action =
      turn.legal.length === 1
        ? turn.legal[0]
        : module.rolloutAction
          ? module.rolloutAction(s, turn.seat, turn.legal, rng)
          : rng.pick(turn.legal);
    // The game's policy must pick one of the list (the step trusts it): a copy or a made-up
    // action is a defect of the game's AI code, said at once.
    if (!turn.legal.includes(action)) throw new Error('rolloutAction chose outside its legal list');
    s = step(module, s, turn.seat, action);
    before = turn.seat;
    steps++;
  }
  return { state: s, steps };
}

/**
 * A finished game scores 1 for each winner and 0 for the others (a draw 1/N each); a live one
 * is scored by the game's evaluation, clamped to [0, 1], or 1/N each without one.
 */
export function score(
  module: AnyGameModule,
  state: GameSnapshot<unknown>,
  seats: readonly string[],
): Rewards {
  const outcome = module.outcome(state);
  const even = 1 / seats.length;
  const rewards: Record<string, number> = {};
  if (outcome) {
    for (const seat of seats) {
      // A draw shares evenly; allies winning together each get the win.
      rewards[seat] = outcome.winners.length === 0 ? even : outcome.winners.includes(seat) ? 1 : 0;
    }
    return rewards;
  }
  const evaluation = module.evaluate?.(state) as Readonly<Record<string, number>> | undefined;
  // The evaluation names the seats of this game (a game's seat count may depend on its options).
  for (const seat of new Set([...seats, ...Object.keys(evaluation ?? {})])) {
    const v = evaluation?.[seat];
    rewards[seat] =
      typeof v === 'number' && Number.isFinite(v) ? Math.min(1, Math.max(0, v)) : even;
  }
  return rewards;
}
