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
    },
  };
  return announceCard(s);
}

/** The Atreides see the card up for auction before anyone bids. */
function announceCard(state: DuneState): DuneState {
  const a = state.auction;
  if (!a) return state;
  const secret = inPlay(state, 'atreides')
    ? { to: ['atreides' as Faction], data: { card: a.cards[0] } }
    : undefined;
  return log(
    state,
    'auction_card',
    { number: a.cardNumber, of: a.totalCards, opener: a.opener },
    secret,
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

/** A bid may go up to the seat's spice and its ally's support (the ally pays the rest). */
export function maxBid(state: DuneState, seat: Faction): number {
  return spendable(state, seat);
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
    return a.highBidder ? sell(state, a.highBidder, a.highBid, false) : returnCards(state);
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

function sell(state: DuneState, buyer: Faction, price: number, karama: boolean): DuneState {
  const a = state.auction;
  if (!a) return state;
  const [card, ...rest] = a.cards;
  if (!card) return state;
  const payee = inPlay(state, 'emperor') && buyer !== 'emperor' ? 'emperor' : null;
  const paid = payWithSupport(state, buyer, price, payee);
  let s = paid.state;
  const seenBy = inPlay(state, 'atreides') ? (['atreides'] as Faction[]) : [];
  s = giveCard(s, buyer, card, seenBy);
  s = log(
    s,
    'card_sold',
    { buyer, price, karama, payee: payee ?? 'bank', allyPaid: paid.allyPaid },
    { to: [buyer, ...seenBy], data: { card } },
  );
  if (buyer === 'harkonnen' && canBid(s, 'harkonnen'))
    s = drawTreachery(s, 'harkonnen', 1, 'top_card');
  if (rest.length === 0) return { ...s, auction: null, phaseDone: true };
  const opener = nextEligible(s, a.opener);
  if (opener === null) return returnCards({ ...s, auction: { ...a, cards: rest } });
  s = {
    ...s,
    auction: {
      cards: rest,
      cardNumber: a.cardNumber + 1,
      totalCards: a.totalCards,
      opener,
      bidder: opener,
      highBid: 0,
      highBidder: null,
      passed: [],
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
