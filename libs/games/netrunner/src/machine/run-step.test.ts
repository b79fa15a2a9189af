import { describe, expect, it } from 'vitest';
import { getMicrosteps, type StateValue } from 'xstate';
import { playRandom } from '@veil/engine/testing';
import { netrunner } from '../module.js';
import type { Game, RunStep } from '../state/types.js';
import { PAIRINGS } from '../testing/pairings.js';

const RUN_STEPS: readonly RunStep[] = [
  'initiation',
  'approach-ice',
  'encounter',
  'movement',
  'approach-server',
  'success',
  'breach',
  'ends',
];

/** The path of state keys from the root to the active leaf, e.g. `['runnerTurn', 'action', …]`. */
function pathOf(value: StateValue): string[] {
  if (typeof value === 'string') return [value];
  const [key, child] = Object.entries(value)[0] ?? [];
  return key === undefined ? [] : [key, ...pathOf(child as StateValue)];
}

/**
 * The run step a chart state stands for, stated here independently of the chart's entry
 * actions: the run's phase (`runnerTurn.action.run.<phase>`), with the server approach and the
 * breach as steps of their own. Null outside the run's states.
 */
function chartRunStep(value: StateValue): RunStep | null {
  const [turn, action, run, phase, sub] = pathOf(value);
  if (turn !== 'runnerTurn' || action !== 'action' || run !== 'run') return null;
  if (phase === 'approach') return 'approach-ice';
  if (phase === 'movement') return sub === 'approachServer' ? 'approach-server' : 'movement';
  if (phase === 'success') return sub === 'breach' ? 'breach' : 'success';
  return phase as RunStep;
}

describe("the run's position has one source: the chart", () => {
  it('the recorded run.step equals the step of the chart state, in every state random play passes through', () => {
    const seen: Record<string, number> = {};
    let states = 0;
    for (const [i, options] of PAIRINGS.entries()) {
      for (const seed of [1, 2, 3]) {
        const { snapshots, moves } = playRandom(netrunner, options, 100 * i + seed, 1500);
        for (const [n, move] of moves.entries()) {
          const event = { type: 'act', seat: move.seat, action: move.action };
          // Every microstep of the move (XState's own stepping), transient states included.
          for (const [s] of getMicrosteps(
            netrunner.machine,
            snapshots[n] as never,
            event as never,
          )) {
            const value = s.value as StateValue;
            // A game that ends mid-run keeps the run's last step; the chart is then just `over`.
            if (value === 'over') continue;
            const run = (s.context as Game).run;
            const where = `pairing ${i} seed ${seed} move ${n}: ${JSON.stringify(value)}`;
            // A run in no run state is one announced and not begun yet (step null).
            expect(run?.step ?? null, where).toBe(chartRunStep(value));
            seen[String(run?.step)] = (seen[String(run?.step)] ?? 0) + 1;
            states++;
          }
        }
      }
    }
    console.info(`run-step: ${states} states, by step ${JSON.stringify(seen)}`);
    // Every step of a run is passed through, so no entry of the chart goes unchecked.
    for (const step of [...RUN_STEPS, null])
      expect(seen[String(step)] ?? 0, String(step)).toBeGreaterThan(0);
  });
});
