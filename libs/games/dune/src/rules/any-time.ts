import { commitWindow, nextPauseId, openWindow, openWindowOf } from '@veil/engine';
import type { DuneAction } from '../state/actions.js';
import type { DuneState, Faction } from '../state/types.js';
import type { Phase } from './phase.js';
import { gholaOptions, playGhola } from './revival.js';
import { playTruthtrance, truthQuestions } from './truthtrance.js';

/**
 * The neutral window for the cards played "any time" (Tleilaxu Ghola, Truthtrance). It opens at
 * every point of a turn listed in `AnyTimePoint` — the same points in every game, whatever
 * anyone holds — and asks every seat in storm order. Its opening, participants, order and cause
 * are public facts, so its existence, timing and shape tell nobody who holds what; only a
 * holder's own legal actions differ.
 *
 * The default standing policy is `auto-pass` (a seat is not asked ten times a turn unless it
 * set `stop` for `any_time`): with it the window opens and closes at once, the same for every
 * hand. A play commits the window, which then closes (one card per window).
 */
export const ANY_TIME = 'any_time';

/**
 * Where in a turn the window stands (its cause's `point`): the start of a phase in which seats
 * act (Storm, Bidding, Revival, Shipment and Movement, Battle), or right after an automatic step
 * (the Spice Blow — also the point before a Nexus —, CHOAM Charity, each battle, Spice
 * Collection), or the Mentat Pause before its victory check, which the window's close resumes
 * (rules/any-time-resume.ts). Bounded: nine a turn plus one per battle.
 */
export type AnyTimePoint =
  'start' | 'after_blow' | 'after_charity' | 'after_battle' | 'after_collection' | 'mentat';

/** Opens the window at `point` of `phase` (closed at once when every seat auto-passes). */
export function openAnyTimeWindow(
  state: DuneState,
  phase: Phase,
  point: AnyTimePoint = 'start',
): DuneState {
  if (state.result) return state;
  const [id, pauses] = nextPauseId(state.pauses);
  const window = openWindow(
    {
      id,
      kind: ANY_TIME,
      cause: { turn: state.turn, phase, point },
      participants: state.stormOrder,
      defaultPolicy: 'auto-pass',
    },
    state.pauses.policies,
  );
  if (window.status !== 'open') return { ...state, pauses };
  return { ...state, pauses: { ...pauses, windows: [...pauses.windows, window] } };
}

/** Whether an any-time window is open (the step it interrupted waits on it). */
export function anyTimeOpen(state: DuneState): boolean {
  return state.pauses.windows.some((w) => w.kind === ANY_TIME && w.status === 'open');
}

/**
 * A Ghola or Truthtrance: played in the open any-time window, it commits the window and its
 * discard resumes the interrupted point once the card has taken effect (`resume: 'any_time'`);
 * played where the game waits on the holder anyway, nothing else resumes.
 */
export function playAnyTimeCard(
  state: DuneState,
  phase: Phase,
  seat: Faction,
  action: Extract<DuneAction, { type: 'ghola' | 'truthtrance' }>,
): DuneState {
  const w = openWindowOf(state.pauses.windows);
  let s = state;
  if (w?.kind === ANY_TIME) {
    const committed = commitWindow(w, seat); // checks the window waited on this seat
    const windows = s.pauses.windows.map((x) => (x.id === w.id ? committed : x));
    s = { ...s, pauses: { ...s.pauses, windows } };
  }
  const resume = w?.kind === ANY_TIME ? 'any_time' : 'none';
  return action.type === 'ghola'
    ? playGhola(s, seat, action.ghola, action.leader, action.forces, phase, resume)
    : playTruthtrance(s, seat, action.truthtrance, action.to, action.question, phase, resume);
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
