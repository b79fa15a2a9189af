import { checkNoninterference, type NoninterferenceReport } from '@veil/engine/testing';
import type { GameSnapshot, Rng } from '@veil/engine';
import { netrunner } from '../module.js';
import { PAIRINGS } from '../testing/pairings.js';
import type { CardState, Game, Viewer } from '../state/types.js';
import { canSwap, swapCodes } from './perturb.js';

/**
 * A perturbation for the window-skip check (rules/public-skip.ts): one card in a hand the
 * viewer cannot see trades identities with a card of the same side's deck — a seat holding one
 * card (say, one it could use) against holding another. Everything public stays as it was.
 */
export function perturbHand(
  snapshot: GameSnapshot<Game>,
  viewer: Viewer,
  rng: Rng,
): GameSnapshot<Game> | null {
  const g = snapshot.context;
  const pairs: [CardState, CardState][] = [];
  for (const [hand, deck] of [
    [g.corp.hq, g.corp.rd],
    [g.runner.grip, g.runner.stack],
  ] as const) {
    for (const a of hand) {
      for (const b of deck) {
        const ca = g.cards[a];
        const cb = g.cards[b];
        if (ca && cb && canSwap(g, ca, cb, viewer)) pairs.push([ca, cb]);
      }
    }
  }
  if (pairs.length === 0) return null;
  const [a, b] = rng.pick(pairs);
  return swapCodes(snapshot, a.uid, b.uid);
}

/**
 * The public trace (who decides, the windows, every viewer's log and view, followed through
 * the viewer's own next actions) compared between worlds that differ only in a hidden hand,
 * over seeded random games of every pairing. Throws on the first difference.
 */
export function checkHandsStayHidden(): NoninterferenceReport[] {
  return PAIRINGS.map((options, i) =>
    checkNoninterference({
      module: netrunner,
      options,
      perturb: perturbHand,
      numRuns: 10,
      maxSteps: 300,
      stride: 4,
      followSteps: 3,
      seed: 3500 + i,
    }),
  );
}
