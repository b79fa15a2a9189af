import { describe, expect, it } from 'vitest';
import { BOT_LEVELS, decide, type BotLevel } from '@veil/ai';
import { Rng, type GameSnapshot } from '@veil/engine';
import { dune, type DuneModule } from '../module.js';
import { perturbDune } from '../privacy/perturb.js';
import type { DuneState, Faction } from '../state/types.js';
import { dunePositions } from './positions.js';

/** Small budgets: the property is the same at any budget, and tests stay quick. */
const BUDGET: Record<BotLevel, number | undefined> = {
  random: undefined,
  greedy: 2,
  ismcts: 16,
  expert: 16,
};

const POSITIONS = dunePositions(6, { every: 41, minChoices: 3, seed: 5 });

/** A state that shows `seat` the same view with its hidden parts changed (the harness' perturbation, 20 times). */
function hiddenTwin(s: GameSnapshot<DuneState>, seat: Faction, i: number) {
  const rng = Rng.from(`perturb:${i}`);
  let other = s;
  for (let k = 0; k < 20; k++) other = perturbDune(dune, other, seat, rng) ?? other;
  return other;
}

function ask(
  module: DuneModule,
  s: GameSnapshot<DuneState>,
  seat: Faction,
  level: BotLevel,
  seed: string,
) {
  return decide(module, {
    view: dune.view(s, seat),
    legalActions: dune.legalActions(s, seat),
    seat,
    level,
    seed,
    iterations: BUDGET[level],
  });
}

describe('a Dune bot decides from its view alone', () => {
  it('gives the same answer on two states that show its seat the same view, at every level', () => {
    expect(POSITIONS.length).toBe(6);
    let compared = 0;
    for (const [i, { snapshot, seat, where }] of POSITIONS.entries()) {
      const other = hiddenTwin(snapshot, seat, i);
      expect(JSON.stringify(dune.view(other, seat)), where).toBe(
        JSON.stringify(dune.view(snapshot, seat)),
      );
      expect(JSON.stringify(other.context), where).not.toBe(JSON.stringify(snapshot.context));
      for (const level of BOT_LEVELS) {
        const a = ask(dune, snapshot, seat, level, `seed:${i}`);
        expect(ask(dune, other, seat, level, `seed:${i}`), `${where} ${level}`).toEqual(a);
        compared++;
      }
    }
    expect(compared).toBe(POSITIONS.length * BOT_LEVELS.length);
  });

  it('would catch a bot that peeks: searching the real states, answers differ on some pairs', () => {
    let differ = 0;
    for (const [i, { snapshot, seat }] of POSITIONS.entries()) {
      const other = hiddenTwin(snapshot, seat, i);
      for (const level of ['greedy', 'ismcts', 'expert'] as const) {
        const peek = (s: GameSnapshot<DuneState>): DuneModule => ({
          ...dune,
          determinize: () => s,
        });
        const a = ask(peek(snapshot), snapshot, seat, level, `seed:${i}`);
        const b = ask(peek(other), other, seat, level, `seed:${i}`);
        if (JSON.stringify(a) !== JSON.stringify(b)) differ++;
      }
    }
    expect(differ).toBeGreaterThan(0);
  });
});
