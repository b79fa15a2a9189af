import { describe, expect, it } from 'vitest';
import { checkDeterminism, checkLiveness, checkNoninterference } from '@veil/engine/testing';
import { netrunner } from '../module.js';
import { perturb } from './perturb.js';

// The engine's privacy harness (DESIGN §4.2) over seeded random play of the default decks.
describe('netrunner under the engine harness', () => {
  it('never leaks what a viewer cannot see (noninterference)', () => {
    const report = checkNoninterference({
      module: netrunner,
      options: {},
      perturb,
      numRuns: 60,
      maxSteps: 250,
      seed: 7,
    });
    expect(report.perturbed).toBeGreaterThan(0);
  });

  it('replays byte for byte (determinism)', () => {
    const report = checkDeterminism({
      module: netrunner,
      options: {},
      numRuns: 6,
      maxSteps: 150,
      seed: 3,
    });
    expect(report.snapshotsCompared).toBeGreaterThan(0);
  });

  it('always has a decider with a legal action, and every legal action applies (liveness)', () => {
    const report = checkLiveness({
      module: netrunner,
      options: {},
      numRuns: 5,
      maxSteps: 150,
      seed: 5,
    });
    expect(report.actionsApplied).toBeGreaterThan(0);
  });
});
