export type { Deck, DeckEntry } from './deck.js';
export type { DeckError, DeckErrorKind } from './deck-error.js';
export { agendaPointBand } from './agenda-points.js';
export type { AgendaPointBand } from './agenda-points.js';
export { agendaPoints, deckSize, influenceUsed, isOutOfFaction } from './deck-stats.js';
export { validateDeck } from './validate-deck.js';
export type { DeckValidation, ValidateDeckOptions } from './validate-deck.js';
export { parseDecklist } from './parse-decklist.js';
export type {
  DecklistError,
  DecklistErrorKind,
  DecklistMeta,
  DecklistParse,
} from './parse-decklist.js';
export { STARTER_DECKS, deckById } from './starter-decks.js';
