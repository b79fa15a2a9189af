/** Relative weights of action types for `by-type` random self-play (default 1). */
export type TypeWeights = Readonly<Record<string, number>>;

/**
 * Each game's default weights: still random and legal, just less wasteful. Netrunner: a Corp
 * that can score an agenda nearly always does (`score` 20), and advancing is three times as
 * likely as any other kind of action (`advance` 3). Without them random play never wins by Corp
 * agenda points: an agenda needs 3–5 advancements in a row on one card, and one score in three
 * was taken before the Runner stole it (2,000 games, seed 1: 0 Corp agenda wins).
 */
export const DEFAULT_TYPE_WEIGHTS: Readonly<Record<string, TypeWeights>> = {
  netrunner: { score: 20, advance: 3 },
};

export function typeWeightsFor(gameId: string): TypeWeights {
  return DEFAULT_TYPE_WEIGHTS[gameId] ?? {};
}
