import type { PublicCause } from '@veil/engine';
import type { TreacheryCardId } from '../data/treachery.js';
import type { DuneState, Faction } from '../state/types.js';
import {
  discardBatch,
  drawTreachery,
  findCard,
  giveCard,
  handLimit,
  inPlay,
  log,
  payWithSupport,
  spendable,
  takeTreachery,
} from './common.js';
import { askKarama } from './karama-powers.js';

/**
 * Bidding: hand sizes are declared, one card per seat below its hand limit is dealt face down,
 * and the cards are auctioned one by one in open bidding (bids are public). The Atreides see
 * each card as it comes up. All pass on a card: it and the rest go back on top of the deck.
 */

export function canBid(state: DuneState, seat: Faction): boolean {
  return state.players[seat].hand.length < handLimit(seat);
}

function eligibleOrder(state: DuneState): Faction[] {
  return state.stormOrder.filter((f) => canBid(state, f));
}

export function enterBidding(state: DuneState): DuneState {
  let s: DuneState = { ...state, phaseDone: false, bribed: [] };
  s = log(s, 'hand_sizes', {
    sizes: Object.fromEntries(s.stormOrder.map((f) => [f, s.players[f].hand.length])),
  });
  const eligible = eligibleOrder(s);
  const cards: TreacheryCardId[] = [];
  for (let i = 0; i < eligible.length; i++) {
    const [card, next] = takeTreachery(s);
    if (card === null) break;
    cards.push(card);
    s = next;
  }
  if (cards.length === 0 || eligible.length === 0) return { ...s, phaseDone: true, auction: null };
  const opener = eligible[0] as Faction;
  s = {
    ...s,
    auction: {
      cards,
      cardNumber: 1,
      totalCards: cards.length,
      opener,
      bidder: opener,
      highBid: 0,
      highBidder: null,
      passed: [],
      peek: null,
    },
  };
  return announceCard(s);
}

/**
 * A card comes up; the Atreides see it before anyone bids unless a Karama prevents that (asked
 * of every other seat in the `karama_power` window, holder or not).
 */
function announceCard(state: DuneState): DuneState {
  const a = state.auction;
  if (!a) return state;
  const s = log(state, 'auction_card', {
    number: a.cardNumber,
    of: a.totalCards,
    opener: a.opener,
  });
  if (!inPlay(s, 'atreides')) return { ...s, auction: { ...a, peek: null } };
  return askKarama(
    { ...s, auction: { ...a, peek: 'asking' } },
    'card_peek',
    { card: a.cardNumber },
    resumePeek,
  );
}

/** The peek window closed: the Atreides see the card, or a Karama prevented it. */
export function resumePeek(state: DuneState, _cause: PublicCause, stopped: boolean): DuneState {
  const a = state.auction;
  if (!a) return state;
  const s = {
    ...state,
    auction: { ...a, peek: stopped ? ('prevented' as const) : ('seen' as const) },
  };
  if (stopped) return s;
  return log(
    s,
    'card_peek',
    { number: a.cardNumber },
    { to: ['atreides'], data: { card: a.cards[0] } },
  );
}

/** The next seat after `from` in storm order that may bid. */
function nextEligible(state: DuneState, from: Faction): Faction | null {
  const order = state.stormOrder;
  const start = order.indexOf(from);
  for (let k = 1; k <= order.length; k++) {
    const f = order[(start + k) % order.length] as Faction;
    if (canBid(state, f)) return f;
  }
  return null;
}

/**
 * A bid may go up to the seat's spice and its ally's support (the ally pays the rest); a Karama
 * holder may bid beyond that, up to KARAMA_BID_LIMIT, and pays such a bid with the Karama.
 */
export function maxBid(state: DuneState, seat: Faction): number {
  const own = spendable(state, seat);
  return karamaOf(state, seat) ? Math.max(own, KARAMA_BID_LIMIT) : own;
}

/** A bound on a Karama bid (the rules set none): keeps the list of legal bids finite. */
export const KARAMA_BID_LIMIT = 50;

function karamaOf(state: DuneState, seat: Faction): string | null {
  return state.players[seat].hand.find((c) => c.card === 'karama')?.handle ?? null;
}

export function placeBid(state: DuneState, seat: Faction, amount: number): DuneState {
  const a = state.auction;
  if (!a || a.bidder !== seat || amount <= a.highBid || amount > maxBid(state, seat))
    throw new Error('bad bid');
  const s = log(
    { ...state, auction: { ...a, highBid: amount, highBidder: seat, passed: [] } },
    'bid',
    { faction: seat, amount },
  );
  return nextBidder(s, seat);
}

export function passBid(state: DuneState, seat: Faction): DuneState {
  const a = state.auction;
  if (!a || a.bidder !== seat) throw new Error('not your bid');
  const s = log({ ...state, auction: { ...a, passed: [...a.passed, seat] } }, 'bid_pass', {
    faction: seat,
  });
  return nextBidder(s, seat);
}

function nextBidder(state: DuneState, seat: Faction): DuneState {
  const a = state.auction;
  if (!a) return state;
  const eligible = eligibleOrder(state);
  const waiting = eligible.filter((f) => f !== a.highBidder && !a.passed.includes(f));
  if (waiting.length === 0) {
    return a.highBidder ? closeAuction(state, a.highBidder, a.highBid) : returnCards(state);
  }
  const order = state.stormOrder;
  const start = order.indexOf(seat);
  let bidder = waiting[0] as Faction;
  for (let k = 1; k <= order.length; k++) {
    const f = order[(start + k) % order.length] as Faction;
    if (waiting.includes(f)) {
      bidder = f;
      break;
    }
  }
  return { ...state, auction: { ...a, bidder } };
}

/** Karama: take the card up for auction for free (not with a full hand). */
export function karamaTake(state: DuneState, seat: Faction, karama: string): DuneState {
  const card = findCard(state, seat, karama);
  if (!card || card.card !== 'karama') throw new Error('no karama');
  const s = discardBatch(
    state,
    'karama',
    'bidding',
    [{ faction: seat, handle: karama }],
    (batch) => ({ kind: 'karama_purchase', batch, buyer: seat }),
  );
  return s;
}

/** Resumes a Karama purchase after its discard boundary: the card is taken free. */
export function resumeKaramaPurchase(state: DuneState, buyer: Faction): DuneState {
  return sell(state, buyer, 0, true);
}

/**
 * The auction closed on `buyer`'s bid. A bid beyond what the buyer can spend was a Karama bid:
 * the Karama is discarded (it was hidden until now) and the card is taken free.
 */
function closeAuction(state: DuneState, buyer: Faction, bid: number): DuneState {
  const karama = karamaOf(state, buyer);
  if (bid > spendable(state, buyer) && karama) {
    const s = log(state, 'karama_bid', { faction: buyer, bid });
    return karamaTake(s, buyer, karama);
  }
  return sell(state, buyer, bid, false);
}

/** A sale: a price to the Emperor (a power a Karama may stop: then to the bank), else the bank. */
function sell(state: DuneState, buyer: Faction, price: number, karama: boolean): DuneState {
  if (price > 0 && inPlay(state, 'emperor') && buyer !== 'emperor') {
    return askKarama(state, 'emperor_payment', { buyer, price }, resumeEmperorPayment);
  }
  return completeSale(state, buyer, price, null, karama);
}

/** The card's price goes to the Emperor, or to the bank when a Karama stopped that. */
export function resumeEmperorPayment(
  state: DuneState,
  cause: PublicCause,
  stopped: boolean,
): DuneState {
  const buyer = cause.buyer as Faction;
  return completeSale(state, buyer, Number(cause.price), stopped ? null : 'emperor', false);
}

/** Payment made, the card changes hands; the Harkonnen then draw their free card (a power too). */
function completeSale(
  state: DuneState,
  buyer: Faction,
  price: number,
  payee: Faction | null,
  karama: boolean,
): DuneState {
  const a = state.auction;
  if (!a) return state;
  const card = a.cards[0];
  if (!card) return state;
  const paid = payWithSupport(state, buyer, price, payee);
  // The card leaves the auction (the next one is not up yet: nobody sees it).
  let s: DuneState = { ...paid.state, auction: { ...a, cards: a.cards.slice(1), peek: null } };
  const seenBy = a.peek === 'seen' ? (['atreides'] as Faction[]) : [];
  s = giveCard(s, buyer, card, seenBy);
  s = log(
    s,
    'card_sold',
    { buyer, price, karama, payee: payee ?? 'bank', allyPaid: paid.allyPaid },
    { to: [buyer, ...seenBy], data: { card } },
  );
  if (buyer === 'harkonnen' && canBid(s, 'harkonnen'))
    return askKarama(s, 'top_card', { card: a.cardNumber }, resumeTopCard);
  return nextCard(s);
}

/** The Harkonnen's free card, unless a Karama stopped it; then the next card comes up. */
export function resumeTopCard(state: DuneState, _cause: PublicCause, stopped: boolean): DuneState {
  return nextCard(stopped ? state : drawTreachery(state, 'harkonnen', 1, 'top_card'));
}

/** After a sale (the sold card already out of `cards`): the next card comes up, if any. */
function nextCard(state: DuneState): DuneState {
  const a = state.auction;
  if (!a) return state;
  const rest = a.cards;
  if (rest.length === 0) return { ...state, auction: null, phaseDone: true };
  const opener = nextEligible(state, a.opener);
  if (opener === null) return returnCards({ ...state, auction: { ...a, cards: rest } });
  const s: DuneState = {
    ...state,
    auction: {
      cards: rest,
      cardNumber: a.cardNumber + 1,
      totalCards: a.totalCards,
      opener,
      bidder: opener,
      highBid: 0,
      highBidder: null,
      passed: [],
      peek: null,
    },
  };
  return announceCard(s);
}

/** Everyone passed (or no one may bid): the remaining dealt cards go back on top, in order. */
function returnCards(state: DuneState): DuneState {
  const a = state.auction;
  if (!a) return state;
  const s = {
    ...state,
    treacheryDeck: [...a.cards, ...state.treacheryDeck],
    auction: null,
    phaseDone: true,
  };
  return log(s, 'auction_ended', { returned: a.cards.length });
}

/** The seat the auction waits on. */
export function currentBidder(state: DuneState): Faction | null {
  const a = state.auction;
  return a ? a.bidder : null;
}
