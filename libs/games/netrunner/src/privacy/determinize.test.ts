import { describe, expect, it } from 'vitest';
import { applyAction, Rng } from '@veil/engine';
import { playRandom } from '@veil/engine/testing';
import { netrunner } from '../module.js';
import { PAIRINGS } from '../testing/pairings.js';

describe('determinize', () => {
  it('gives a full game whose view and legal actions equal the view it came from', () => {
    let checked = 0;
    PAIRINGS.forEach((options, p) => {
      for (const seed of [1, 2]) {
        const { snapshots } = playRandom(netrunner, options, seed * 31 + p, 220);
        for (let i = 0; i < snapshots.length; i += 17) {
          const s = snapshots[i];
          if (!s) continue;
          for (const viewer of ['corp', 'runner'] as const) {
            const view = netrunner.view(s, viewer);
            const d = netrunner.determinize(view, viewer, Rng.from(`d:${seed}:${i}:${viewer}`));
            expect(
              netrunner.view(d, viewer),
              `pairing ${p} seed ${seed} step ${i} ${viewer}`,
            ).toEqual(view);
            expect(netrunner.legalActions(d, viewer)).toEqual(netrunner.legalActions(s, viewer));
            checked += 1;
          }
        }
      }
    });
    expect(checked).toBeGreaterThan(50);
  });

  it('a determinized game plays on', () => {
    const { snapshots } = playRandom(netrunner, {}, 4, 120);
    const s = snapshots.at(-1);
    if (!s) throw new Error('no state');
    const rng = Rng.from('play-on');
    let d = netrunner.determinize(netrunner.view(s, 'runner'), 'runner', rng);
    for (let i = 0; i < 200 && netrunner.outcome(d) === null; i++) {
      const seat = rng.pick(netrunner.deciders(d));
      d = applyAction(netrunner, d, seat, rng.pick(netrunner.legalActions(d, seat)));
    }
    expect(d.context.turn).toBeGreaterThanOrEqual(s.context.turn);
  });
});
