import { describe, expect, it } from 'vitest';
import { Rng, type GameSnapshot } from '@veil/engine';
import type { Game, Viewer } from '../state/types.js';
import { run, runnerActing, spawn, until, type Snap } from '../testing/kit.js';
import { perturb, perturbSingleState } from './perturb.js';

/*
 * The card being accessed, in the perturbations: the Runner is shown it where it lies, and so is
 * everyone when it is revealed there (Byte! in R&D); to the others it stays hidden, so the swaps
 * must be able to trade it — or a view naming it to them would pass the harness.
 */

const HEDGE_FUND = '30075';
const NICO_CAMPAIGN = '30037';
const BYTE = '35050';

/**
 * The Runner's run on R&D, stopped while it accesses a `code` put on top of R&D (above another
 * card, so that there is something to trade it with).
 */
function accessingFromRd(code: string): { snapshot: Snap; uid: string } {
  let uid = '';
  const s = runnerActing({ corp: [BYTE] }, (g) => {
    spawn(g, NICO_CAMPAIGN, { zone: 'rd' });
    uid = spawn(g, code, { zone: 'rd' });
  });
  const accessing = until(run(s, 'rd'), (x) => x.context.run?.breach?.current?.uid === uid);
  expect(accessing.context.run?.breach?.current?.uid).toBe(uid);
  return { snapshot: accessing, uid };
}

type Perturb = (s: GameSnapshot<Game>, viewer: Viewer, rng: Rng) => GameSnapshot<Game> | null;

/** Whether any of 200 seeded perturbations for `viewer` gives the card `uid` another code. */
function everTraded(perturbation: Perturb, snapshot: Snap, uid: string, viewer: Viewer): boolean {
  const code = snapshot.context.cards[uid]?.code;
  for (let seed = 0; seed < 200; seed++) {
    const changed = perturbation(snapshot, viewer, Rng.from(`accessed:${seed}`));
    if (changed && changed.context.cards[uid]?.code !== code) return true;
  }
  return false;
}

describe('the card being accessed, in the perturbations', () => {
  it.each([
    ['perturb', perturb],
    ['perturbSingleState', perturbSingleState],
  ] as const)('%s trades an R&D card being accessed for the Corp and spectators', (_, p) => {
    const { snapshot, uid } = accessingFromRd(HEDGE_FUND);
    expect(everTraded(p, snapshot, uid, 'corp')).toBe(true);
    expect(everTraded(p, snapshot, uid, 'spectator')).toBe(true);
    // The Runner is looking at it.
    expect(everTraded(p, snapshot, uid, 'runner')).toBe(false);
  });

  it('no perturbation trades a Byte! being accessed from R&D: it is revealed to everyone', () => {
    const { snapshot, uid } = accessingFromRd(BYTE);
    for (const viewer of ['corp', 'runner', 'spectator'] as const) {
      expect(everTraded(perturb, snapshot, uid, viewer)).toBe(false);
      expect(everTraded(perturbSingleState, snapshot, uid, viewer)).toBe(false);
    }
  });
});
