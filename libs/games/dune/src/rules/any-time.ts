import { commitWindow, nextPauseId, openWindow, openWindowOf } from '@veil/engine';
import type { DuneAction } from '../state/actions.js';
import type { DuneState, Faction } from '../state/types.js';
import type { Phase } from './phase.js';
import { gholaOptions } from './revival.js';
import { truthQuestions } from './truthtrance.js';

/**
 * The neutral window for the cards played "any time" (Tleilaxu Ghola, Truthtrance): at the
 * start of every phase in which seats act (Storm, Nexus, Bidding, Revival, Shipment and
 * Movement, Battle), every seat is asked in storm order — whether or not anyone holds such a
 * card. Its opening, participants, order and cause are public facts, so its existence, timing
 * and shape tell nobody who holds what; only a holder's own legal actions differ.
 *
 * The default standing policy is `auto-pass` (a seat is not asked six times a turn unless it
 * set `stop` for `any_time`): with it the window opens and closes at once, the same for every
 * hand. A play commits the window, which then closes (one card per window).
 */
export const ANY_TIME = 'any_time';

/** The phases whose start opens the window (the chart states that take seats' actions). */
export const ANY_TIME_PHASES: readonly Phase[] = [
  'storm',
  'nexus',
  'bidding',
  'revival',
  'movement',
  'battle',
];

export function openAnyTimeWindow(state: DuneState, phase: Phase): DuneState {
  if (state.result) return state;
  const [id, pauses] = nextPauseId(state.pauses);
  const window = openWindow(
    {
      id,
      kind: ANY_TIME,
      cause: { turn: state.turn, phase },
      participants: state.stormOrder,
      defaultPolicy: 'auto-pass',
    },
    state.pauses.policies,
  );
  if (window.status !== 'open') return { ...state, pauses };
  return { ...state, pauses: { ...pauses, windows: [...pauses.windows, window] } };
}

/** The window closed (all passed, or a card was played): it leaves the stack. */
export function closeAnyTimeWindow(state: DuneState, id: number): DuneState {
  const windows = state.pauses.windows.filter((w) => w.id !== id);
  return { ...state, pauses: { ...state.pauses, windows } };
}

/** After a Ghola or Truthtrance: if it was played in the any-time window, that window closes. */
export function closeAnyTimeAfterPlay(state: DuneState, seat: Faction): DuneState {
  const w = openWindowOf(state.pauses.windows);
  if (!w || w.kind !== ANY_TIME) return state;
  commitWindow(w, seat); // checks the window waited on this seat
  return closeAnyTimeWindow(state, w.id);
}

/**
 * The any-time cards a seat can play now: Ghola (a leader or up to 5 forces back) and
 * Truthtrance (a question to another seat). Only a holder has any; they are its private actions.
 */
export function anyTimeCardActions(state: DuneState, seat: Faction): DuneAction[] {
  const hand = state.players[seat].hand;
  const ghola = hand.find((x) => x.card === 'tleilaxu_ghola');
  const truthtrance = hand.find((x) => x.card === 'truthtrance');
  const gholas: DuneAction[] = ghola
    ? gholaOptions(state, seat).map((o) => ({ type: 'ghola' as const, ghola: ghola.handle, ...o }))
    : [];
  const questions: DuneAction[] = truthtrance
    ? state.options.factions
        .filter((to) => to !== seat)
        .flatMap((to) =>
          truthQuestions(state, to).map((question) => ({
            type: 'truthtrance' as const,
            truthtrance: truthtrance.handle,
            to,
            question,
          })),
        )
    : [];
  return [...gholas, ...questions];
}
