import { describe, expect, it } from 'vitest';
import { checkLiveness } from '@veil/engine/testing';
import type { DuneOptions, Faction } from './state/types.js';
import { dune } from './module.js';

/**
 * In every reachable state someone can act, and every legal action of every decider applies —
 * also in a room with Semuta Drug, whose boundaries and selections then get every answer.
 */
describe('Dune liveness', () => {
  it.each([
    [['atreides', 'harkonnen', 'fremen'], {}],
    [['emperor', 'spacing_guild', 'bene_gesserit', 'atreides', 'fremen', 'harkonnen'], {}],
    [['emperor', 'harkonnen', 'spacing_guild'], { semutaDrug: true }],
  ] as Array<[Faction[], Omit<DuneOptions, 'factions'>]>)(
    '%j %j',
    (factions, options) => {
      const report = checkLiveness({
        module: dune,
        options: { ...options, factions },
        numRuns: 2,
        maxSteps: 300,
        seed: 3,
      });
      expect(report.statesChecked).toBeGreaterThan(100);
      expect(report.actionsApplied).toBeGreaterThan(report.statesChecked);
      // Every legal action of every decider is applied: minutes on a loaded 2-core machine.
    },
    600_000,
  );
});
