import { applyAction, chartCompiles, newGame, Rng, type GameSnapshot } from '@veil/engine';
import { describe, expect, it } from 'vitest';
import { transition } from 'xstate';
import { parlor } from './module.js';

/** What a snapshot is as game state: its value, context and status. */
function observable(s: { value: unknown; context: unknown; status: string }): string {
  return JSON.stringify({ value: s.value, context: s.context, status: s.status });
}

describe('compiled stepping on Parlor', () => {
  it('compiles the chart (no XState fallback exists to hide a chart it cannot step)', () => {
    expect(chartCompiles(parlor.machine)).toBe(true);
  });

  it('gives XState’s own result, action by action', () => {
    for (const seed of [1, 2, 3, 4, 5]) {
      const rng = Rng.from(`compiled-step:parlor:${seed}`);
      let s = newGame(parlor, {}, seed);
      for (let i = 0; i < 400 && s.status === 'active' && !parlor.outcome(s); i++) {
        const seat = rng.pick(parlor.deciders(s));
        const action = rng.pick(parlor.legalActions(s, seat));
        const [expected] = transition(
          parlor.machine,
          s as never,
          {
            type: 'act',
            seat,
            action,
          } as never,
        );
        s = applyAction(parlor, s, seat, action) as GameSnapshot<never>;
        expect(observable(s)).toBe(observable(expected as never));
      }
    }
  });
});
