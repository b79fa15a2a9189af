import type { Sprt } from '../ladder/stats.js';

/**
 * A 4-seat game's score for the seat of the level under test: its share of the win — 1 for a
 * win alone, 1/k for a win shared by k allies (an allied win is a win for each ally, so the
 * win is split between them), 0 for a loss, and the fair share 1/seats for a game nobody won
 * (or one cut off unfinished). Every game's shares sum to 1 over the seats, so a level no
 * stronger than the three seats against it, played at each faction in turn, scores 1/4 on
 * average: the test's baseline (docs/ai.md, "Dune").
 */
export function winShare(winners: readonly string[], seat: string, seats: number): number {
  if (winners.length === 0) return 1 / seats;
  return winners.includes(seat) ? 1 / winners.length : 0;
}

/**
 * The Dune ladder's SPRT: H0 the tested seat's mean win share is the fair 25 %, H1 it is 30 %
 * (five points above its fair share, as the Netrunner ladder's 55 % against 50 %), α = β =
 * 0.05, at most 3,000 games.
 */
export const DUNE_SPRT: Sprt = { p0: 0.25, p1: 0.3, alpha: 0.05, beta: 0.05, cap: 3000 };
