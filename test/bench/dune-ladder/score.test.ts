import { describe, expect, it } from 'vitest';
import { LADDER_SPRT, sprt, wilson } from '../ladder/stats.js';
import { FACTIONS } from './factions.js';
import { DUNE_SPRT, winShare } from './score.js';

/** Games in which the same factions win whoever plays them: the tested level is no better. */
function rotated(winners: readonly string[], deals: number, score = winShare): number[] {
  const out: number[] = [];
  for (let d = 0; d < deals; d++) {
    for (const faction of FACTIONS) out.push(score(winners, faction, FACTIONS.length));
  }
  return out;
}

const mean = (xs: readonly number[]) => xs.reduce((a, b) => a + b, 0) / xs.length;

/** Two of the ladder's own factions allied in a win (taken from the list, so they stay in play). */
const ALLIES = [FACTIONS[1], FACTIONS[2]] as string[];

describe("the Dune ladder's score", () => {
  it('is 1 for a win alone, 1/k for a win shared by k allies, 0 for a loss, 1/4 when nobody won', () => {
    expect(winShare(['emperor'], 'emperor', 4)).toBe(1);
    expect(winShare(['emperor'], 'fremen', 4)).toBe(0);
    expect(winShare(['emperor', 'fremen'], 'fremen', 4)).toBe(0.5);
    expect(winShare(['emperor', 'fremen'], 'atreides', 4)).toBe(0);
    expect(winShare([], 'atreides', 4)).toBe(0.25);
  });

  it('sums to 1 over the seats, so a level no stronger than the others averages the 25 % baseline', () => {
    for (const winners of [[FACTIONS[0] as string], ALLIES, []]) {
      const shares = FACTIONS.map((f) => winShare(winners, f, FACTIONS.length));
      expect(shares.reduce((a, b) => a + b, 0)).toBeCloseTo(1, 12);
      expect(mean(rotated(winners, 5))).toBeCloseTo(0.25, 12);
    }
    // Counting an allied win as a whole win for each ally (a broken variant) would credit a
    // level that is no better with 50 % whenever two allies win: the split is what keeps 25 %.
    const whole = (w: readonly string[], seat: string) => (w.includes(seat) ? 1 : 0);
    expect(mean(rotated(ALLIES, 5, whole))).toBe(0.5);
  });

  it('tests against the fair share: H0 25 %, H1 30 %, bounds ±ln 19', () => {
    const { lower, upper } = sprt([], DUNE_SPRT);
    expect(upper).toBeCloseTo(Math.log(19), 10);
    expect(lower).toBeCloseTo(-Math.log(19), 10);
    // A win adds ln(0.30/0.25) = 0.182, a loss ln(0.70/0.75) = −0.069.
    expect(sprt(Array<number>(17).fill(1), DUNE_SPRT).verdict).toBe('H1');
    expect(sprt(Array<number>(16).fill(1), DUNE_SPRT).verdict).toBe('continue');
    expect(sprt(Array<number>(43).fill(0), DUNE_SPRT).verdict).toBe('H0');
    expect(sprt(Array<number>(42).fill(0), DUNE_SPRT).verdict).toBe('continue');
    // A level no stronger (the same faction wins whoever plays it) is found so.
    expect(sprt(rotated(['emperor'], 200), DUNE_SPRT).verdict).toBe('H0');
    expect(sprt(rotated(['emperor', 'atreides'], 200), DUNE_SPRT).verdict).toBe('H0');
  });

  it("finds a level that wins 2 games in 5 stronger — which the 2-seat test's 50 % baseline calls weaker", () => {
    const twoInFive = Array.from({ length: 400 }, (_, i) => (i % 5 < 2 ? 1 : 0));
    expect(sprt(twoInFive, DUNE_SPRT).verdict).toBe('H1');
    expect(sprt(twoInFive, LADDER_SPRT).verdict).toBe('H0');
    // Its interval lies above the fair share.
    expect(wilson(160, 400).low).toBeGreaterThan(0.25);
  });
});
