import { describe, expect, it } from 'vitest';
import { applyAction, Rng } from '@veil/engine';
import { playRandom } from '@veil/engine/testing';
import { dune } from '../module.js';
import type { Faction } from '../state/types.js';
import type { DuneState } from '../state/types.js';
import type { GameSnapshot } from '@veil/engine';
import { SEMUTA } from '../rules/semuta.js';

const SIX: readonly Faction[] = [
  'atreides',
  'bene_gesserit',
  'emperor',
  'fremen',
  'spacing_guild',
  'harkonnen',
];

describe('Dune determinize', () => {
  it('gives a state whose view and legal actions for the viewer are the ones it was built from, and which plays on', () => {
    let checked = 0;
    for (let seed = 1; seed <= 3; seed++) {
      const { snapshots } = playRandom(dune, { factions: SIX }, seed, 700);
      const rng = Rng.from(`determinize:${seed}`);
      for (let i = 0; i < snapshots.length; i += 19) {
        const s = snapshots[i];
        if (!s || s.status !== 'active') continue;
        for (const viewer of SIX) {
          const view = dune.view(s, viewer);
          const d = dune.determinize(view, viewer, rng);
          expect(JSON.stringify(dune.view(d, viewer))).toBe(JSON.stringify(view));
          expect(JSON.stringify(dune.legalActions(d, viewer))).toBe(
            JSON.stringify(dune.legalActions(s, viewer)),
          );
          expect(dune.deciders(d)).toEqual(dune.deciders(s));
          // The sampled world is a game: a few random steps apply without error.
          let next = d;
          for (let k = 0; k < 5 && dune.outcome(next) === null; k++) {
            const seat = rng.pick(dune.deciders(next));
            next = applyAction(dune, next, seat, rng.pick(dune.legalActions(next, seat)));
          }
          checked++;
        }
      }
    }
    expect(checked).toBeGreaterThan(100);
  });

  it('samples the hidden cards: two determinizations of one view differ in others hands', () => {
    const { snapshots } = playRandom(dune, { factions: SIX }, 3, 60);
    const s = snapshots[snapshots.length - 1];
    if (!s) throw new Error('no state');
    const view = dune.view(s, 'atreides');
    const a = dune.determinize(view, 'atreides', Rng.from(1));
    const b = dune.determinize(view, 'atreides', Rng.from(2));
    const hands = (x: typeof a) =>
      JSON.stringify(SIX.map((f) => x.context.players[f].hand.map((c) => c.card)));
    expect(hands(a)).not.toBe(hands(b));
    expect(JSON.stringify(a.context.players.atreides.hand)).toBe(
      JSON.stringify(s.context.players.atreides.hand),
    );
  });

  it('in a Semuta room, at open boundaries and selections too: the same view, legal actions and deciders, and the world plays on', () => {
    const atSemuta = (s: GameSnapshot<DuneState>) =>
      s.context.pauses.windows.some((w) => w.kind === SEMUTA) ||
      s.context.pauses.decisions.some((d) => d.kind === 'semuta_select');
    let checked = 0;
    for (let seed = 1; seed <= 4; seed++) {
      const { snapshots } = playRandom(dune, { factions: SIX, semutaDrug: true }, seed, 700);
      const rng = Rng.from(`determinize-semuta:${seed}`);
      for (const s of snapshots.filter((x) => x.status === 'active' && atSemuta(x))) {
        for (const viewer of SIX) {
          const view = dune.view(s, viewer);
          const d = dune.determinize(view, viewer, rng);
          expect(JSON.stringify(dune.view(d, viewer))).toBe(JSON.stringify(view));
          expect(JSON.stringify(dune.legalActions(d, viewer))).toBe(
            JSON.stringify(dune.legalActions(s, viewer)),
          );
          expect(dune.deciders(d)).toEqual(dune.deciders(s));
          let next = d;
          for (let k = 0; k < 5 && dune.outcome(next) === null; k++) {
            const seat = rng.pick(dune.deciders(next));
            next = applyAction(dune, next, seat, rng.pick(dune.legalActions(next, seat)));
          }
          checked++;
        }
      }
    }
    expect(checked).toBeGreaterThan(100);
  });
});
