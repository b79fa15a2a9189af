import type { NetrunnerView } from '@veil/netrunner/client';
import { titleOf } from './catalog.js';
import { h } from './dom.js';

type Deck = NetrunnerView['decks']['corp'];

/** One side's deck as a reader lists it: identity, then "3× Hedge Fund" lines, by title. */
function deckList(side: string, deck: Deck): HTMLElement {
  const lines = deck.cards
    .map((c) => ({ title: titleOf(c.code) ?? c.code, count: c.count }))
    .sort((a, b) => a.title.localeCompare(b.title));
  const total = deck.cards.reduce((n, c) => n + c.count, 0);
  return h(
    'section',
    { class: 'deck-reveal', 'data-testid': `deck-${side.toLowerCase()}` },
    h('h3', null, `${side}: ${titleOf(deck.identity) ?? deck.identity} (${total} cards)`),
    h(
      'ul',
      null,
      lines.map((l) => h('li', null, `${l.count}× ${l.title}`)),
    ),
  );
}

/**
 * The end-of-game summary's reveal (issue 35, req. 6): both decks in full, for seats and
 * spectators alike. The lists come from the view (`decks`, open from setup); once the rules
 * ended the game the board itself shows every card where it lay.
 */
export function deckReveal(view: NetrunnerView): HTMLElement {
  return h(
    'details',
    { class: 'deck-reveals', 'data-testid': 'deck-reveal' },
    h('summary', null, 'Both decks'),
    deckList('Corp', view.decks.corp),
    deckList('Runner', view.decks.runner),
  );
}
