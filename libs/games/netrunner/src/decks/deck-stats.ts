import { cardByCode } from '../catalog/index.js';
import type { CardData, Faction } from '../catalog/index.js';
import type { Deck } from './deck.js';

const NEUTRAL_FACTIONS: ReadonlySet<Faction> = new Set(['neutral-runner', 'neutral-corp']);

/** Neutral cards are in every faction; other cards only in their own. */
export function isOutOfFaction(card: CardData, identity: CardData): boolean {
  return !NEUTRAL_FACTIONS.has(card.faction) && card.faction !== identity.faction;
}

/** Cards in the deck proper (the identity excluded), unknown codes included. */
export function deckSize(deck: Deck): number {
  return deck.cards.reduce((sum, entry) => sum + entry.count, 0);
}

/** Printed agenda points of every agenda in the deck. */
export function agendaPoints(deck: Deck): number {
  return deck.cards.reduce(
    (sum, entry) => sum + (cardByCode(entry.code)?.agendaPoints ?? 0) * entry.count,
    0,
  );
}

/** Influence spent on out-of-faction cards; 0 when the identity is unknown. */
export function influenceUsed(deck: Deck): number {
  const identity = cardByCode(deck.identity);
  if (identity === undefined) return 0;
  return deck.cards.reduce((sum, entry) => {
    const card = cardByCode(entry.code);
    if (card === undefined || !isOutOfFaction(card, identity)) return sum;
    return sum + card.influence * entry.count;
  }, 0);
}
