import { nextPauseId, openWindow } from '@veil/engine';
import type { DuneState, Faction } from '../state/types.js';
import { discardBatch, inPlay, log } from './common.js';

/**
 * The Atreides' wormsign (a look at the top Spice card before anyone ships) may be prevented by
 * a Karama played before it is used: at the start of every Shipment and Movement with the
 * Atreides in play, a neutral window asks every other seat in storm order — whether or not it
 * holds a Karama — and the Atreides see the card only once the window closes unanswered.
 */
export function openWormsignWindow(state: DuneState): DuneState {
  if (!inPlay(state, 'atreides')) return state;
  const participants = state.stormOrder.filter((f) => f !== 'atreides');
  const [id, pauses] = nextPauseId(state.pauses);
  const window = openWindow(
    { id, kind: 'karama_wormsign', cause: { turn: state.turn }, participants },
    state.pauses.policies,
  );
  const s: DuneState = {
    ...state,
    wormsign: 'waiting',
    pauses: { ...pauses, windows: [...pauses.windows, window] },
  };
  return window.status === 'open' ? s : closeWormsignWindow(s);
}

/** The window closed: the Atreides see the top Spice card unless a Karama prevented it. */
export function closeWormsignWindow(state: DuneState): DuneState {
  const windows = state.pauses.windows.slice(0, -1);
  return {
    ...state,
    wormsign: state.wormsign === 'prevented' ? 'prevented' : 'seen',
    pauses: { ...state.pauses, windows },
  };
}

/** A Karama prevents this turn's wormsign; the window closes after the discard boundary. */
export function preventWormsign(state: DuneState, seat: Faction, handle: string): DuneState {
  const s = log({ ...state, wormsign: 'prevented' }, 'karama', {
    faction: seat,
    cancels: 'wormsign',
  });
  return discardBatch(s, 'karama', 'movement', [{ faction: seat, handle }], (batch) => ({
    kind: 'karama_prevent',
    batch,
  }));
}
