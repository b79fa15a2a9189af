/** So many copies of one card in a deck. */
export interface DeckEntry {
  /** Card code (see `catalog`). */
  readonly code: string;
  readonly count: number;
}

/**
 * A deck as a player brings it to a game: an identity and the cards of the deck proper (the
 * identity is not one of them and does not count toward the deck's size).
 */
export interface Deck {
  readonly id: string;
  readonly name: string;
  /** Card code of the identity. */
  readonly identity: string;
  readonly cards: readonly DeckEntry[];
}
