import type { DuneState } from '../state/types.js';
import { openAnyTimeWindow } from './any-time.js';
import { log, updatePlayer } from './common.js';

/**
 * CHOAM Charity. Claiming is never to a player's harm, so every seat holding 0 or 1 spice
 * claims it (the claim is public, as at the table); the bank tops it up to 2. Then the any-time
 * window.
 */
export function enterCharity(state: DuneState): DuneState {
  let s: DuneState = { ...state, phaseDone: true, bribed: [] };
  for (const f of s.stormOrder) {
    const spice = s.players[f].spice;
    const always = f === 'bene_gesserit' && s.options.bgCharity === 'always';
    if (spice > 1 && !always) continue;
    const amount = always ? 2 : 2 - spice;
    s = updatePlayer(s, f, (p) => ({ ...p, spice: p.spice + amount }));
    s = log(s, 'charity', { faction: f, amount });
  }
  return openAnyTimeWindow(s, 'charity', 'after_charity');
}
