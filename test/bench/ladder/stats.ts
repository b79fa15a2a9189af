/**
 * The ladder's statistics. A game scores 1 for a win of the level under test, 0 for a loss and
 * ½ for a draw; n games give the score rate p̂.
 */

/** Wilson score interval for p̂ over n games (z = 1.96: 95 %). */
export function wilson(score: number, n: number, z = 1.96): { low: number; high: number } {
  if (n === 0) return { low: 0, high: 1 };
  const p = score / n;
  const z2 = z * z;
  const centre = (p + z2 / (2 * n)) / (1 + z2 / n);
  const half = (z / (1 + z2 / n)) * Math.sqrt((p * (1 - p)) / n + z2 / (4 * n * n));
  return { low: Math.max(0, centre - half), high: Math.min(1, centre + half) };
}

export interface Sprt {
  readonly p0: number;
  readonly p1: number;
  readonly alpha: number;
  readonly beta: number;
  readonly cap: number;
}

/** The test: H0 p = 50 %, H1 p = 55 %, α = β = 0.05, at most 3,000 games. */
export const LADDER_SPRT: Sprt = { p0: 0.5, p1: 0.55, alpha: 0.05, beta: 0.05, cap: 3000 };

export type SprtVerdict = 'H1' | 'H0' | 'continue' | 'cap';

/**
 * Wald's sequential probability ratio test on the game scores (a draw counts half a win and
 * half a loss in the log-likelihood ratio): accept H1 (the level is stronger) when the LLR
 * reaches ln((1−β)/α), H0 when it falls to ln(β/(1−α)); `cap` when neither by `cap` games.
 */
export function sprt(scores: readonly number[], test: Sprt = LADDER_SPRT) {
  const win = Math.log(test.p1 / test.p0);
  const loss = Math.log((1 - test.p1) / (1 - test.p0));
  let llr = 0;
  for (const s of scores) llr += s * win + (1 - s) * loss;
  const upper = Math.log((1 - test.beta) / test.alpha);
  const lower = Math.log(test.beta / (1 - test.alpha));
  const verdict: SprtVerdict =
    llr >= upper ? 'H1' : llr <= lower ? 'H0' : scores.length >= test.cap ? 'cap' : 'continue';
  return { llr, lower, upper, verdict };
}
