import { cardByTitle } from '../catalog/index.js';
import type { Deck } from './deck.js';

/**
 * Builds a deck written by card titles (readable data) into the code-based deck format. Throws on
 * a title outside the catalog: it is only for decks written in this package, whose tests load
 * every one of them.
 */
export function deckFromTitles(
  id: string,
  name: string,
  identityTitle: string,
  counts: Readonly<Record<string, number>>,
): Deck {
  const codeOf = (title: string): string => {
    const card = cardByTitle(title);
    if (card === undefined) throw new Error(`deck ${id}: no card titled '${title}'`);
    return card.code;
  };
  return {
    id,
    name,
    identity: codeOf(identityTitle),
    cards: Object.entries(counts).map(([title, count]) => ({ code: codeOf(title), count })),
  };
}
