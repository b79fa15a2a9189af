import { describe, expect, it } from 'vitest';
import { checkNoninterference } from '@veil/engine/testing';
import type { DuneOptions, Faction } from '../state/types.js';
import { SEMUTA } from '../rules/semuta.js';
import { dune } from '../module.js';
import { perturbDune } from './perturb.js';

/**
 * Noninterference over reachable states: for every seat and the spectator, two states that
 * differ only in what the viewer cannot see give the same view, legal actions, log, windows and
 * deciders. Only the perturbed state itself is compared (followSteps 0): in Dune a seat's own
 * action often triggers a public reveal of hidden randomness or of others' commitments (the last
 * storm dial moves the storm, then the Spice Blow turns a card), after which the two worlds
 * legitimately differ even in who decides.
 */
const perturb = (
  ...args: Parameters<typeof perturbDune> extends [unknown, ...infer R] ? R : never
) => perturbDune(dune, ...args);

/** With the Harkonnen mulligan on, so its (always asked) decision is covered too. */
function harness(
  factions: readonly Faction[],
  numRuns: number,
  seed: number,
  options: Omit<DuneOptions, 'factions'> = { harkonnenMulligan: true },
  perturbation: typeof perturb = perturb,
) {
  return checkNoninterference({
    module: dune,
    options: { ...options, factions },
    perturb: perturbation,
    numRuns,
    maxSteps: 400,
    stride: 2,
    followSteps: 0,
    seed,
  });
}

/**
 * Each run draws one viewer, so the total alone could come from a few seats: every seat and the
 * spectator must have been compared in at least this many states.
 */
const PER_VIEWER = 100;

function expectEveryViewer(report: ReturnType<typeof harness>, factions: readonly Faction[]) {
  for (const viewer of [...factions, 'spectator'])
    expect(report.byViewer[viewer] ?? 0, viewer).toBeGreaterThanOrEqual(PER_VIEWER);
}

/** Minutes on a loaded 2-core machine (every viewer's view and legal actions, twice per state). */
const TIMEOUT = 600_000;

describe('Dune privacy harness', () => {
  it(
    'holds for every seat and the spectator with 3 seats (≥ 2,000 states, ≥ 100 per viewer)',
    () => {
      const three: Faction[] = ['atreides', 'harkonnen', 'bene_gesserit'];
      const report = harness(three, 40, 11);
      expect(report.statesChecked).toBeGreaterThanOrEqual(2000);
      expect(report.perturbed).toBeGreaterThan(report.statesChecked * 0.9);
      expectEveryViewer(report, three);
    },
    TIMEOUT,
  );

  it(
    'holds for every seat and the spectator with 6 seats (≥ 2,000 states, ≥ 100 per viewer)',
    () => {
      const six: Faction[] = [
        'atreides',
        'bene_gesserit',
        'emperor',
        'fremen',
        'spacing_guild',
        'harkonnen',
      ];
      const report = harness(six, 40, 12);
      expect(report.statesChecked).toBeGreaterThanOrEqual(2000);
      expect(report.perturbed).toBeGreaterThan(report.statesChecked * 0.9);
      expectEveryViewer(report, six);
    },
    TIMEOUT,
  );

  it(
    'holds with Semuta Drug in the room, at its boundaries too (3 seats, ≥ 150 states at an open boundary)',
    () => {
      // Counts the compared states where a Semuta boundary is open. (Random play reaches no
      // selection here — it needs several cards of another owner and a holder who commits:
      // rules/semuta.test.ts perturbs the hidden state of one before and after commitment.)
      const open = { boundary: 0 };
      const counting: typeof perturb = (snapshot, viewer, rng) => {
        const s = snapshot.context;
        if (s.pauses.windows.some((w) => w.kind === SEMUTA && w.status === 'open')) open.boundary++;
        return perturb(snapshot, viewer, rng);
      };
      const three: Faction[] = ['atreides', 'harkonnen', 'bene_gesserit'];
      const report = harness(three, 60, 13, { semutaDrug: true }, counting);
      expect(report.statesChecked).toBeGreaterThanOrEqual(2000);
      expectEveryViewer(report, three);
      expect(open.boundary).toBeGreaterThanOrEqual(150);
    },
    TIMEOUT,
  );
});
