import type { GameSnapshot } from '@veil/engine';
import { checkNoStreamExposure } from '@veil/engine/testing';
import { describe, expect, it } from 'vitest';
import { createMachine } from 'xstate';
import { dune, type DuneModule } from '../module.js';
import type { DuneState, Faction } from '../state/types.js';

// docs/privacy.md, "Randomness": no output of the rules' stream (shuffles, traitor deals, storm
// cards) shows in anything a viewer observes; opaque card handles come from their own stream.

const streamsOf = (s: GameSnapshot<DuneState>) => [s.context.rng];
const THREE: readonly Faction[] = ['atreides', 'harkonnen', 'bene_gesserit'];
const SIX: readonly Faction[] = [
  'atreides',
  'harkonnen',
  'bene_gesserit',
  'emperor',
  'fremen',
  'spacing_guild',
];

function check(module: DuneModule, factions: readonly Faction[], seed: number) {
  return checkNoStreamExposure({
    module,
    options: { factions },
    streams: streamsOf,
    games: 2,
    maxSteps: 300,
    stride: 10,
    seed,
  });
}

describe("Dune's random streams", () => {
  it("shows no output of the rules' stream to any seat or the spectator", () => {
    const reports = [check(dune, THREE, 21), check(dune, SIX, 31)];
    expect(reports.reduce((n, r) => n + r.statesChecked, 0)).toBeGreaterThan(500);
    expect(reports.every((r) => r.outputsKnown > 100)).toBe(true);
  });

  it('catches a Dune whose handles are drawn from the rules stream', () => {
    const { context, ...config } = dune.machine.config as typeof dune.machine.config & {
      context: (args: { input: unknown }) => DuneState;
    };
    const leaky = {
      ...dune,
      machine: createMachine(
        {
          ...config,
          context: (args: { input: unknown }) => {
            const s = context(args);
            return { ...s, handleRng: s.rng };
          },
        } as typeof dune.machine.config,
        dune.machine.implementations,
      ),
    } as DuneModule;
    expect(() => check(leaky, THREE, 21)).toThrow(
      /stream exposure: .* an output of the rules' random stream/,
    );
  });
});
