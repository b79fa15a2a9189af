import { describe, expect, it } from 'vitest';
import { checkDeterminism, checkLiveness, checkNoninterference } from '@veil/engine/testing';
import { netrunner } from '../../module.js';
import type { NetrunnerOptions } from '../../machine/setup-input.js';
import { perturb } from '../../privacy/perturb.js';

/**
 * The engine harness over random play with Runner decks full of the Runner cards (one deck per
 * Runner identity of the pool), so every Runner card's decisions, keys and windows are
 * exercised against noninterference, determinism and liveness.
 */
const RUNNER_CARDS = [
  '30002',
  '30003',
  '30004',
  '30005',
  '30006',
  '30007',
  '30008',
  '30009',
  '30011',
  '30012',
  '30013',
  '30014',
  '30015',
  '30016',
  '30017',
  '30018',
  '30020',
  '30021',
  '30022',
  '30023',
  '30024',
  '30025',
  '30026',
  '30027',
  '30028',
  '30029',
  '30030',
  '30031',
  '30032',
  '30033',
  '30034',
];

function options(identity: string): NetrunnerOptions {
  return {
    runnerDeck: { identity, cards: RUNNER_CARDS.map((code) => ({ code, count: 2 })) },
  };
}

describe.each(['30001', '30010', '30019'])('Runner cards under the harness (%s)', (identity) => {
  it('noninterference', () => {
    const report = checkNoninterference({
      module: netrunner,
      options: options(identity),
      perturb,
      numRuns: 10,
      maxSteps: 250,
      seed: 11,
    });
    expect(report.perturbed).toBeGreaterThan(0);
  });

  it('determinism and liveness', () => {
    const det = checkDeterminism({
      module: netrunner,
      options: options(identity),
      numRuns: 2,
      maxSteps: 150,
      seed: 5,
    });
    expect(det.snapshotsCompared).toBeGreaterThan(0);
    const live = checkLiveness({
      module: netrunner,
      options: options(identity),
      numRuns: 3,
      maxSteps: 200,
      seed: 9,
    });
    expect(live.actionsApplied).toBeGreaterThan(0);
  });
});
