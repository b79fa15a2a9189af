import { PRODUCTION_GAMES } from '@veil/game-registry';

/** Relative weights of action types for `by-type` random self-play (default 1). */
export type TypeWeights = Readonly<Record<string, number>>;

/** A game's default weights: those of its registry entry (`selfplay.typeWeights`), else none. */
export function typeWeightsFor(gameId: string): TypeWeights {
  return PRODUCTION_GAMES.find((g) => g.module.id === gameId)?.selfplay.typeWeights ?? {};
}
