import type { Deck } from './deck.js';
import {
  ANARCH_STARTER,
  CRIMINAL_STARTER,
  HAAS_BIOROID_STARTER,
  JINTEKI_STARTER,
  NBN_STARTER,
  SHAPER_STARTER,
  WEYLAND_STARTER,
} from './faction-decks.js';
import {
  CATALYST_BEGINNER,
  CATALYST_INTERMEDIATE,
  SYNDICATE_BEGINNER,
  SYNDICATE_INTERMEDIATE,
} from './tutorial-decks.js';

/**
 * The decks a player can start with without building one: the tutorial decks (official
 * reconstructions) first, then one deck per faction identity (our own lists).
 */
export const STARTER_DECKS: readonly Deck[] = [
  CATALYST_BEGINNER,
  SYNDICATE_BEGINNER,
  CATALYST_INTERMEDIATE,
  SYNDICATE_INTERMEDIATE,
  HAAS_BIOROID_STARTER,
  JINTEKI_STARTER,
  NBN_STARTER,
  WEYLAND_STARTER,
  ANARCH_STARTER,
  CRIMINAL_STARTER,
  SHAPER_STARTER,
];

const byId: ReadonlyMap<string, Deck> = new Map(STARTER_DECKS.map((deck) => [deck.id, deck]));

/** The starter deck with this id, or `undefined`. */
export function deckById(id: string): Deck | undefined {
  return byId.get(id);
}
