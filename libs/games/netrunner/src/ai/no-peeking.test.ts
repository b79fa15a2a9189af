import { describe, expect, it } from 'vitest';
import { BOT_LEVELS, decide, type BotLevel } from '@veil/ai';
import { Rng, type GameSnapshot } from '@veil/engine';
import { netrunner, type NetrunnerModule } from '../module.js';
import { perturb } from '../privacy/perturb.js';
import type { Game, Side } from '../state/types.js';
import { choicePositions } from './positions.js';

/** Small budgets: the property is the same at any budget, and tests stay quick. */
const BUDGET: Record<BotLevel, number | undefined> = {
  random: undefined,
  greedy: 2,
  ismcts: 24,
  expert: 24,
};

const POSITIONS = choicePositions(8);

/**
 * A state that shows `seat` the same view with much of its hidden information changed: forty
 * of the privacy harness' perturbations (each swaps two cards `seat` cannot see).
 */
function hiddenTwin(s: GameSnapshot<Game>, seat: Side, i: number): GameSnapshot<Game> {
  const known = twins.get(i);
  if (known) return known;
  const rng = Rng.from(`perturb:${i}`);
  let other = s;
  for (let k = 0; k < 40; k++) other = perturb(other, seat, rng) ?? other;
  twins.set(i, other);
  return other;
}
const twins = new Map<number, GameSnapshot<Game>>();

function ask(
  module: NetrunnerModule,
  s: GameSnapshot<Game>,
  seat: Side,
  level: BotLevel,
  seed: string,
) {
  return decide(module, {
    view: netrunner.view(s, seat),
    legalActions: netrunner.legalActions(s, seat),
    seat,
    level,
    seed,
    iterations: BUDGET[level],
  });
}

describe('a bot decides from its view alone', () => {
  it('has midgame positions with real choices', () => {
    expect(POSITIONS.length).toBe(8);
  });

  it('gives the same answer on two states that show its seat the same view, at every level', () => {
    let compared = 0;
    for (const [i, { snapshot, seat, where }] of POSITIONS.entries()) {
      const other = hiddenTwin(snapshot, seat, i);
      expect(JSON.stringify(netrunner.view(other, seat)), where).toBe(
        JSON.stringify(netrunner.view(snapshot, seat)),
      );
      expect(JSON.stringify(other.context), where).not.toBe(JSON.stringify(snapshot.context));
      for (const level of BOT_LEVELS) {
        const a = ask(netrunner, snapshot, seat, level, `seed:${i}`);
        const b = ask(netrunner, other, seat, level, `seed:${i}`);
        expect(b, `${where} ${level}`).toEqual(a);
        compared++;
      }
    }
    expect(compared).toBe(POSITIONS.length * BOT_LEVELS.length);
  });

  it('would catch a bot that peeks: searching the real states, answers differ on these pairs', () => {
    let differ = 0;
    for (const [i, { snapshot, seat }] of POSITIONS.entries()) {
      const other = hiddenTwin(snapshot, seat, i);
      for (const level of ['ismcts', 'expert'] as const) {
        const peek = (s: GameSnapshot<Game>) => ({ ...netrunner, determinize: () => s });
        const a = ask(peek(snapshot), snapshot, seat, level, `seed:${i}`);
        const b = ask(peek(other), other, seat, level, `seed:${i}`);
        if (JSON.stringify(a) !== JSON.stringify(b)) differ++;
      }
    }
    expect(differ).toBeGreaterThan(0);
  });

  it('gives the same answer for the same seed and budget', () => {
    for (const { snapshot, seat, where } of POSITIONS.slice(0, 3)) {
      for (const level of ['ismcts', 'expert'] as const) {
        const first = ask(netrunner, snapshot, seat, level, 'again');
        expect(first.iterations).toBe(BUDGET[level]);
        expect(ask(netrunner, snapshot, seat, level, 'again'), `${where} ${level}`).toEqual(first);
      }
    }
  });
});
