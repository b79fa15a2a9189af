import {
  commitWindow,
  nextPauseId,
  openWindow,
  passWindow,
  policyFor,
  pushDecision,
  resolveDecision,
  topDecision,
  windowDecider,
  type ReactionWindow,
} from '@veil/engine';
import type { DiscardBatch } from '../state/discards.js';
import type { DuneAction } from '../state/actions.js';
import type { DuneState, Faction, SemutaInspection } from '../state/types.js';
import { freshHandle, giveCard, handLimit, log, recordDiscard } from './common.js';

/**
 * Semuta Drug (docs/games/dune.md, "Semuta Drug"): "Take that freshly discarded card into your
 * hand. If several cards were discarded at the same moment, choose one of them. Then discard
 * the Semuta Drug. You cannot take your own discards."
 *
 * In a room with the card (a public option) every fresh discard batch opens one neutral window
 * of kind `semuta` before its producer resumes: the same participants (every seat in storm
 * order that could take one of the batch's cards — all but a seat that discarded every card of
 * it), the same order, pass and close protocol whether the Semuta is in a hand, the deck or the
 * auction. Only a holder's own legal actions add `use_semuta`. It is skipped on public facts
 * alone: no Semuta in the room, or the Semuta face up in the discard pile (its own discard
 * included).
 */
export const SEMUTA = 'semuta';

/**
 * The standing-policy kind that makes a seat commit without being asked when the boundary
 * reaches it and it holds a usable Semuta ("auto-pass" on it = "let the rules answer: commit").
 * `auto-pass` on `semuta` itself is auto-decline, and wins over this.
 */
export const SEMUTA_AUTO_COMMIT = 'semuta_auto_commit';

/** Where a boundary stands after a step: still waiting on a seat, or over (the producer resumes). */
export interface SemutaStep {
  readonly state: DuneState;
  readonly waiting: boolean;
}

function batchOf(state: DuneState, event: number): DiscardBatch {
  const batch = state.discardBatches[event - 1];
  if (!batch || batch.event !== event) throw new Error(`no discard batch ${event}`);
  return batch;
}

/** Seats that could take a card of the batch: those with another owner's card in it. */
export function semutaParticipants(state: DuneState, batch: DiscardBatch): Faction[] {
  return state.stormOrder.filter((f) => batch.entries.some((e) => e.discardedBy !== f));
}

/** Whether the pending batch opens a boundary — decided on public facts only. */
export function semutaApplies(state: DuneState): boolean {
  const k = state.pendingDiscard;
  if (!k || !state.options.semutaDrug) return false;
  if (state.treacheryDiscard.includes('semuta_drug')) return false;
  const batch = batchOf(state, k.batch);
  return batch.entries.length > 0 && semutaParticipants(state, batch).length > 0;
}

/** Whether the pending batch's boundary is open or its inspection under way. */
export function semutaWaiting(state: DuneState): boolean {
  return (
    state.pendingDiscard !== null &&
    (Boolean(state.semuta) || state.pauses.windows.some((w) => w.kind === SEMUTA))
  );
}

function currentWindow(state: DuneState): ReactionWindow<Faction> {
  const w = state.pauses.windows.findLast((x) => x.kind === SEMUTA);
  if (!w) throw new Error('no semuta window');
  return w;
}

function withWindow(state: DuneState, w: ReactionWindow<Faction>): DuneState {
  const windows = state.pauses.windows.map((x) => (x.id === w.id ? w : x));
  return { ...state, pauses: { ...state.pauses, windows } };
}

/** Opens the boundary for the pending batch and lets standing policies answer what they can. */
export function openSemutaBoundary(state: DuneState): SemutaStep {
  const k = state.pendingDiscard;
  if (!k) throw new Error('no pending discard');
  const batch = batchOf(state, k.batch);
  const [id, pauses] = nextPauseId(state.pauses);
  const w = openWindow(
    {
      id,
      kind: SEMUTA,
      cause: { event: batch.event, turn: batch.turn, phase: batch.phase, cause: batch.cause },
      participants: semutaParticipants(state, batch),
      defaultPolicy: 'stop',
    },
    state.pauses.policies,
  );
  return answerByPolicy({ ...state, pauses: { ...pauses, windows: [...pauses.windows, w] } });
}

/** A seat's pass (asked, it declined): the window moves on to the next seat, or closes. */
export function passSemuta(state: DuneState, seat: Faction): SemutaStep {
  return answerByPolicy(withWindow(state, passWindow(currentWindow(state), seat)));
}

/**
 * The seats the window now reaches that set auto-commit answer at once: a holder who may use
 * its Semuta commits, any other passes. Decided only when the window reaches the seat, for
 * holders and others alike, so nobody's pass shows earlier for not holding one.
 */
function answerByPolicy(state: DuneState): SemutaStep {
  let s = state;
  for (;;) {
    const w = currentWindow(s);
    if (w.status === 'closed') return { state: closeWindow(s), waiting: false };
    const seat = windowDecider(w);
    if (!seat || policyFor(s.pauses.policies, seat, SEMUTA_AUTO_COMMIT) !== 'auto-pass')
      return { state: s, waiting: true };
    const semuta = usableSemuta(s, seat);
    if (semuta) return commitSemuta(s, seat, semuta);
    const passed = passWindow(w, seat);
    s = withWindow(s, { ...passed, autoPassed: [...passed.autoPassed, seat] });
  }
}

function closeWindow(state: DuneState): DuneState {
  const windows = state.pauses.windows.filter((x) => x.kind !== SEMUTA);
  return { ...state, semuta: null, pauses: { ...state.pauses, windows } };
}

/**
 * The handle of `seat`'s Semuta if it may play it now: it holds one, and its hand is below the
 * limit unless the room lets a full hand take then discard (`semutaFullHand`).
 */
export function usableSemuta(state: DuneState, seat: Faction): string | null {
  const hand = state.players[seat].hand;
  const semuta = hand.find((c) => c.card === 'semuta_drug');
  if (!semuta) return null;
  const barred = state.options.semutaFullHand === 'barred' && hand.length >= handLimit(seat);
  return barred ? null : semuta.handle;
}

/** The holder's private activation, offered beside the generic pass. */
export function semutaActions(state: DuneState, seat: Faction): DuneAction[] {
  const w = state.pauses.windows.findLast((x) => x.kind === SEMUTA);
  const semuta = usableSemuta(state, seat);
  return w && semuta ? [{ type: 'use_semuta', window: w.id, semuta }] : [];
}

/**
 * The commitment: the window is committed and the Semuta discarded face up ("played Semuta" —
 * no candidate named). Only then does the claimant get the batch's cards of other owners, under
 * handles drawn for this inspection; a sole candidate is taken in the same step, several wait
 * on one `semuta_select` (a decision nothing else can answer, and no cancel).
 */
export function commitSemuta(state: DuneState, seat: Faction, handle: string): SemutaStep {
  const w = commitWindow(currentWindow(state), seat);
  const k = state.pendingDiscard;
  if (!k) throw new Error('no pending discard');
  let s = log(withWindow(state, w), 'semuta_played', { faction: seat, event: k.batch });
  s = recordDiscard(s, 'card_used', batchOf(s, k.batch).phase, [{ faction: seat, handle }]);
  const candidates: Array<SemutaInspection['candidates'][number]> = [];
  for (const e of batchOf(s, k.batch).entries) {
    if (e.discardedBy === seat) continue;
    const [h, next] = freshHandle(s);
    s = next;
    candidates.push({ handle: h, card: e.card, discardedBy: e.discardedBy });
  }
  s = { ...s, semuta: { event: k.batch, claimant: seat, candidates } };
  const [only] = candidates;
  if (candidates.length === 1 && only)
    return { state: takeCandidate(s, only.handle), waiting: false };
  const [id, pauses] = nextPauseId(s.pauses);
  const decision = { id, seat, kind: 'semuta_select' as const, event: k.batch };
  return {
    state: { ...s, pauses: { ...pauses, decisions: pushDecision(pauses.decisions, decision) } },
    waiting: true,
  };
}

/** The claimant's pick among several candidates: the decision leaves the stack, the card moves. */
export function selectSemuta(state: DuneState, pick: string): DuneState {
  const top = topDecision(state.pauses.decisions);
  if (top?.kind !== 'semuta_select') throw new Error('no semuta selection');
  const decisions = resolveDecision(state.pauses.decisions, top.id);
  return takeCandidate({ ...state, pauses: { ...state.pauses, decisions } }, pick);
}

/** The claimant's candidates as legal picks (the only actions while the selection is open). */
export function semutaSelectActions(state: DuneState): DuneAction[] {
  return (state.semuta?.candidates ?? []).map((c) => ({ type: 'semuta_select', pick: c.handle }));
}

/**
 * The card leaves the pile for the claimant's hand. Every base-game discard is face up
 * (`visibility: 'public'`), so the completion names it and its face stays known to all; a
 * private discard, if one is ever added, must be announced only as "one card".
 */
function takeCandidate(state: DuneState, pick: string): DuneState {
  const inspection = state.semuta;
  const chosen = inspection?.candidates.find((c) => c.handle === pick);
  if (!inspection || !chosen) throw new Error('no such semuta candidate');
  const pile = [...state.treacheryDiscard];
  const at = pile.lastIndexOf(chosen.card);
  if (at < 0) throw new Error('the candidate left the discard pile');
  pile.splice(at, 1);
  const others = state.options.factions.filter((f) => f !== inspection.claimant);
  let s = giveCard({ ...state, treacheryDiscard: pile }, inspection.claimant, chosen.card, others);
  s = log(s, 'semuta_recovered', {
    faction: inspection.claimant,
    event: inspection.event,
    from: chosen.discardedBy,
    card: chosen.card,
  });
  return closeWindow(s);
}
