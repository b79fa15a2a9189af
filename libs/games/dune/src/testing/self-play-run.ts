import { playRandomDune } from './self-play.js';

/** `tsx src/testing/self-play-run.ts N FIRST`: N seeded random games, a JSON summary (reasons, seat counts, errors). */
function main(games: number, first: number): void {
  const reasons: Record<string, number> = {};
  const seats: Record<string, number> = {};
  const errors: string[] = [];
  let steps = 0;
  for (let seed = first; seed < first + games; seed++) {
    try {
      const r = playRandomDune(seed);
      reasons[r.reason] = (reasons[r.reason] ?? 0) + 1;
      seats[String(r.factions.length)] = (seats[String(r.factions.length)] ?? 0) + 1;
      steps += r.steps;
    } catch (error) {
      errors.push(String(error));
    }
  }
  console.log(
    JSON.stringify({ games, first, reasons, seats, errors, meanSteps: Math.round(steps / games) }),
  );
}

main(Number(process.argv[2] ?? 100), Number(process.argv[3] ?? 1));
