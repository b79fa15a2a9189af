import type { DuneState } from '../state/types.js';
import { areasOf, forcesIn, forcesInTerritory, territoryOf } from './board.js';
import { openAnyTimeWindow } from './any-time.js';
import { log, updatePlayer } from './common.js';

/**
 * Spice Collection: forces on a spice pile collect 2 spice each (3 when the faction occupies
 * Arrakeen or Carthag) until it is empty; several factions take in storm order. Whether forces
 * elsewhere in the territory collect is the `spiceCollection` room option. Then the any-time
 * window.
 */
export function enterCollection(state: DuneState): DuneState {
  let s: DuneState = { ...state, bribed: [] };
  for (const area of Object.keys(s.spice).sort()) {
    for (const f of s.stormOrder) {
      const pile = s.spice[area] ?? 0;
      if (pile === 0) break;
      const forces =
        s.options.spiceCollection === 'territory'
          ? forcesInTerritory(s, territoryOf(area), f)
          : forcesIn(s, area, f);
      if (forces === 0) continue;
      const rate = areasOf('arrakeen')
        .concat(areasOf('carthag'))
        .some((a) => forcesIn(s, a, f) > 0)
        ? 3
        : 2;
      const take = Math.min(pile, forces * rate);
      const spice = { ...s.spice, [area]: pile - take };
      if (spice[area] === 0) delete spice[area];
      s = updatePlayer({ ...s, spice }, f, (p) => ({ ...p, spice: p.spice + take }));
      s = log(s, 'collect', { faction: f, area, amount: take });
    }
  }
  return openAnyTimeWindow({ ...s, phaseDone: true }, 'collection', 'after_collection');
}
