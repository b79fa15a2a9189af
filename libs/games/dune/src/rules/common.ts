import { randomInt, shuffle } from '@veil/engine';
import type { TreacheryCardId } from '../data/treachery.js';
import type { DiscardBatch, DiscardCause, DiscardContinuation } from '../state/discards.js';
import type { DuneState, Faction, HandCard, LogEntry, PlayerState } from '../state/types.js';
import { allyOf } from './board.js';
import { forgetHandAnswers } from './truth-answers.js';

/** Small state helpers shared by every phase. */

export function log(
  state: DuneState,
  type: string,
  data: LogEntry['data'],
  secret?: LogEntry['secret'],
): DuneState {
  const entry: LogEntry = secret
    ? { type, turn: state.turn, data, secret }
    : { type, turn: state.turn, data };
  return { ...state, log: [...state.log, entry] };
}

export function updatePlayer(
  state: DuneState,
  faction: Faction,
  change: (p: PlayerState) => PlayerState,
): DuneState {
  return { ...state, players: { ...state.players, [faction]: change(state.players[faction]) } };
}

export function handLimit(faction: Faction): number {
  return faction === 'harkonnen' ? 8 : 4;
}

/**
 * A fresh opaque handle from the handle stream (never the shuffle stream), unique among the
 * cards now in hands. A card gets a new one every time it moves into a hand.
 */
export function freshHandle(state: DuneState): [string, DuneState] {
  const taken = new Set(Object.values(state.players).flatMap((p) => p.hand.map((c) => c.handle)));
  let rng = state.handleRng;
  for (;;) {
    const [a, next] = randomInt(rng, 0x1_0000_0000);
    const [b, after] = randomInt(next, 0x1_0000);
    rng = after;
    const handle = `c${a.toString(16).padStart(8, '0')}${b.toString(16).padStart(4, '0')}`;
    if (!taken.has(handle)) return [handle, { ...state, handleRng: rng }];
  }
}

/** Puts a card into a hand under a fresh handle. */
export function giveCard(
  state: DuneState,
  faction: Faction,
  card: TreacheryCardId,
  seenBy: readonly Faction[] = [],
): DuneState {
  const [handle, next] = freshHandle(state);
  const entry: HandCard = { card, handle, seenBy: seenBy.filter((f) => f !== faction) };
  const given = updatePlayer(next, faction, (p) => ({ ...p, hand: [...p.hand, entry] }));
  return forgetHandAnswers(given, faction);
}

/** Takes the top Treachery card, reshuffling the discard pile into a new deck when empty. */
export function takeTreachery(state: DuneState): [TreacheryCardId | null, DuneState] {
  let s = state;
  if (s.treacheryDeck.length === 0) {
    if (s.treacheryDiscard.length === 0) return [null, s];
    const [deck, rng] = shuffle(s.rng, s.treacheryDiscard);
    s = log({ ...s, treacheryDeck: deck, treacheryDiscard: [], rng }, 'treachery_reshuffled', {});
  }
  const [top, ...rest] = s.treacheryDeck;
  return [top as TreacheryCardId, { ...s, treacheryDeck: rest }];
}

/** Draws `n` cards into a hand (as far as the deck allows); the cards are private to the drawer. */
export function drawTreachery(
  state: DuneState,
  faction: Faction,
  n: number,
  cause: string,
): DuneState {
  let s = state;
  const drawn: TreacheryCardId[] = [];
  for (let i = 0; i < n; i++) {
    const [card, next] = takeTreachery(s);
    if (card === null) break;
    s = giveCard(next, faction, card);
    drawn.push(card);
  }
  return log(
    s,
    'draw',
    { faction, count: drawn.length, cause },
    { to: [faction], data: { cards: drawn } },
  );
}

export function findCard(state: DuneState, faction: Faction, handle: string): HandCard | undefined {
  return state.players[faction].hand.find((c) => c.handle === handle);
}

/**
 * The one boundary every Treachery discard goes through: the cards leave their hands for the
 * face-up discard pile as one semantic batch, and the producer stops on `continuation` —
 * resumed exactly once by `settleDiscards` (rules/apply.ts), after the Semuta boundary when the
 * room has one (rules/semuta.ts); nothing draws, shuffles or moves on meanwhile.
 */
export function discardBatch(
  state: DuneState,
  cause: DiscardCause,
  phase: string,
  entries: ReadonlyArray<{ faction: Faction; handle: string }>,
  continuation: (batch: number) => DiscardContinuation,
): DuneState {
  if (state.pendingDiscard) throw new Error('a discard boundary is already pending');
  const s = recordDiscard(state, cause, phase, entries);
  return { ...s, pendingDiscard: continuation(s.discardBatches.length) };
}

/**
 * The batch itself: cards out of their hands onto the pile, the batch recorded and logged.
 * Only `discardBatch` and the Semuta's own discard (which no boundary follows: the Semuta is
 * then publicly in the pile, rules/semuta.ts) call it.
 */
export function recordDiscard(
  state: DuneState,
  cause: DiscardCause,
  phase: string,
  entries: ReadonlyArray<{ faction: Faction; handle: string }>,
): DuneState {
  const event = state.discardBatches.length + 1;
  let s = state;
  const batchEntries: Array<DiscardBatch['entries'][number]> = [];
  for (const { faction, handle } of entries) {
    const card = findCard(s, faction, handle);
    if (!card) throw new Error(`${faction} holds no card ${handle}`);
    s = updatePlayer(s, faction, (p) => ({
      ...p,
      hand: p.hand.filter((c) => c.handle !== handle),
    }));
    s = forgetHandAnswers(s, faction);
    batchEntries.push({ card: card.card, discardedBy: faction, visibility: 'public' });
  }
  const batch: DiscardBatch = { event, turn: s.turn, phase, cause, entries: batchEntries };
  s = {
    ...s,
    treacheryDiscard: [...s.treacheryDiscard, ...batchEntries.map((e) => e.card)],
    discardBatches: [...s.discardBatches, batch],
  };
  return log(s, 'discard', {
    cause,
    cards: batchEntries.map((e) => ({ card: e.card, by: e.discardedBy })),
  });
}

export function spiceOf(state: DuneState, faction: Faction): number {
  return state.players[faction].spice;
}

export function addSpice(state: DuneState, faction: Faction, amount: number): DuneState {
  return updatePlayer(state, faction, (p) => {
    if (p.spice + amount < 0) throw new Error(`${faction} cannot pay ${-amount}`);
    return { ...p, spice: p.spice + amount };
  });
}

/** Spice paid for a card or shipment: to `payee` if given, else to the bank. */
export function pay(
  state: DuneState,
  payer: Faction,
  amount: number,
  payee: Faction | null,
): DuneState {
  const paid = addSpice(state, payer, -amount);
  return payee && payee !== payer ? addSpice(paid, payee, amount) : paid;
}

/** What the seat can spend on a card or a shipment: its spice and its ally's support. */
export function spendable(state: DuneState, seat: Faction): number {
  const ally = allyOf(state, seat);
  return state.players[seat].spice + (ally ? state.players[ally].support : 0);
}

/**
 * A payment for a card or a shipment: the seat's own spice first, the rest from its ally's
 * support. Returns the state and how much the ally paid (public, as the payment is).
 */
export function payWithSupport(
  state: DuneState,
  payer: Faction,
  amount: number,
  payee: Faction | null,
): { state: DuneState; allyPaid: number } {
  const own = Math.min(amount, state.players[payer].spice);
  const allyPaid = amount - own;
  const ally = allyOf(state, payer);
  if (allyPaid > 0 && (!ally || state.players[ally].support < allyPaid))
    throw new Error('cannot pay');
  let s = pay(state, payer, own, payee === payer ? null : payee);
  if (allyPaid > 0 && ally) {
    s = updatePlayer(s, ally, (p) => ({ ...p, support: p.support - allyPaid }));
    if (payee) s = addSpice(s, payee, allyPaid);
  }
  return { state: s, allyPaid };
}

export function inPlay(state: DuneState, faction: Faction): boolean {
  return state.options.factions.includes(faction);
}
