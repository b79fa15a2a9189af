import { describe, expect, it } from 'vitest';
import { applyAction, newGame, Rng } from '@veil/engine';
import { netrunner } from './module.js';
import type { NetrunnerOptions } from './machine/setup-input.js';
import { PAIRINGS } from './testing/pairings.js';

const MAX_STEPS = 6000;
/** How a game of Netrunner ends: 7 agenda points, flatline, R&D empty on a mandatory draw. */
const WIN_REASONS = ['agenda_points', 'flatline', 'corp_decked'];

describe('random play', () => {
  it('50 seeded games between starter decks all reach an outcome, never stuck', () => {
    let actions = 0;
    const started = performance.now();
    const reasons: Record<string, number> = {};
    for (let seed = 1; seed <= 50; seed++) {
      const options = PAIRINGS[seed % PAIRINGS.length] as NetrunnerOptions;
      const rng = Rng.from(`random-play:${seed}`);
      let snapshot = newGame(netrunner, options, seed);
      let steps = 0;
      while (netrunner.outcome(snapshot) === null) {
        const deciders = netrunner.deciders(snapshot);
        expect(deciders.length, `seed ${seed} step ${steps}: nobody to decide`).toBeGreaterThan(0);
        const seat = rng.pick(deciders);
        const legal = netrunner.legalActions(snapshot, seat);
        expect(legal.length, `seed ${seed} step ${steps}: no legal action`).toBeGreaterThan(0);
        snapshot = applyAction(netrunner, snapshot, seat, rng.pick(legal));
        steps += 1;
        expect(steps, `seed ${seed}: no outcome after ${MAX_STEPS} actions`).toBeLessThan(
          MAX_STEPS,
        );
      }
      const outcome = netrunner.outcome(snapshot);
      // Every game ends with a winner, for one of the ways a game of Netrunner ends.
      expect(outcome?.winners, `seed ${seed}`).toHaveLength(1);
      expect(outcome?.winners[0], `seed ${seed}`).toMatch(/^(corp|runner)$/);
      expect(WIN_REASONS, `seed ${seed}`).toContain(outcome?.reason);
      reasons[outcome?.reason ?? 'none'] = (reasons[outcome?.reason ?? 'none'] ?? 0) + 1;
      expect(snapshot.status).toBe('done');
      actions += steps;
    }
    const seconds = (performance.now() - started) / 1000;
    console.info(
      `random play: 50 games, ${actions} actions, ${(actions / seconds).toFixed(0)} actions/s, outcomes ${JSON.stringify(reasons)}`,
    );
  });
});
