import { describe, expect, it } from 'vitest';
import { checkLiveness } from '@veil/engine/testing';
import type { Faction } from './state/types.js';
import { dune } from './module.js';

/** In every reachable state someone can act, and every legal action of every decider applies. */
describe('Dune liveness', () => {
  it.each([
    [['atreides', 'harkonnen', 'fremen']],
    [['emperor', 'spacing_guild', 'bene_gesserit', 'atreides', 'fremen', 'harkonnen']],
  ] as Array<[Faction[]]>)(
    '%j',
    (factions) => {
      const report = checkLiveness({
        module: dune,
        options: { factions },
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
