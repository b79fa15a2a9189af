import { describe, expect, it } from 'vitest';
import type { TreacheryCardId } from '../data/treachery.js';
import { dune } from '../module.js';
import type { DuneState, Faction, Viewer } from '../state/types.js';
import { act, afterSetup, edit, hand, withPlayer, type Snap } from '../testing/scenario.js';
import { enterStorm } from './storm.js';

const THREE: readonly Faction[] = ['atreides', 'emperor', 'harkonnen'];

/**
 * Turn 2's Storm Phase with both dials in (1 + 1): the `storm_cards` window is open. The Emperor,
 * asked second, holds `card` (same handle in every world); nobody else holds a card. Emperor
 * forces beside the Shield Wall let Family Atomics be played.
 */
function stormWindow(card: TreacheryCardId): Snap {
  let s = edit(
    afterSetup(THREE),
    (st): DuneState => {
      let x: DuneState = {
        ...st,
        turn: 2,
        storm: 0,
        dialers: ['atreides', 'harkonnen'],
        stormOrder: [...THREE],
        forces: { ...st.forces, 'shield_wall:7': { emperor: 4 } },
      };
      for (const f of THREE) x = withPlayer(x, f, { hand: [] });
      return enterStorm(withPlayer(x, 'emperor', { hand: hand([card], 'w') }));
    },
    'storm',
  );
  s = act(s, 'atreides', { type: 'dial', value: 1 });
  return act(s, 'harkonnen', { type: 'dial', value: 1 });
}

/** Everything `viewer` gets of a state: view, log, deciders, windows, its own legal actions. */
function seen(s: Snap, viewer: Viewer) {
  return {
    view: dune.view(s, viewer),
    log: dune.log(s).map((e) => dune.logView(e, viewer)),
    deciders: dune.deciders(s),
    windows: dune.windows(s),
    legal: viewer === 'spectator' ? [] : dune.legalActions(s, viewer),
  };
}

const OTHERS: readonly Viewer[] = ['atreides', 'harkonnen', 'spectator'];

describe('the storm_cards window', () => {
  for (const card of ['weather_control', 'family_atomics'] as const) {
    it(`looks the same to every seat but the holder with and without ${card}, at every step`, () => {
      let [a, b] = [stormWindow(card), stormWindow('lasgun')];
      const w = a.context.pauses.windows.at(-1);
      expect(w).toMatchObject({ kind: 'storm_cards', status: 'open', cause: { move: 2 } });
      expect(w?.participants).toEqual(THREE);
      // Each seat in storm order is asked in turn, the holder included; every step until the
      // storm moves looks the same to the others, whether the holder had the card or not.
      for (let step = 0; step < THREE.length; step++) {
        for (const viewer of OTHERS)
          expect(seen(a, viewer), `${card}, ${viewer}, step ${step}`).toEqual(seen(b, viewer));
        const [decider] = dune.deciders(a);
        expect(decider).toBe(THREE[step]);
        const pass = { type: 'pass' as const, window: w?.id ?? -1 };
        if (decider === 'emperor') {
          // The holder may play its card; without it the same seat may only pass.
          expect(dune.legalActions(a, 'emperor').length).toBeGreaterThan(1);
          expect(dune.legalActions(b, 'emperor')).toEqual([pass]);
        }
        [a, b] = [act(a, decider as Faction, pass), act(b, decider as Faction, pass)];
      }
      // All passed: the storm moved as dialed in both worlds, the same for everyone.
      expect(a.context.storm).toBe(2);
      for (const viewer of OTHERS) expect(seen(a, viewer), viewer).toEqual(seen(b, viewer));
    });
  }
});
