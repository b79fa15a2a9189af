/** The agenda points a Corp deck must hold: `min` or `max` (= `min + 1`), nothing else. */
export interface AgendaPointBand {
  readonly min: number;
  readonly max: number;
}

/**
 * The Corp deckbuilding table: 40–44 cards need 18 or 19 agenda points, 45–49 need 20 or 21, and
 * every further 5 cards add 2. The same rule reaches below 40 for the starter-game identities
 * (30–34 cards: 14 or 15), which is what the official tutorial decks hold.
 */
export function agendaPointBand(deckSize: number): AgendaPointBand {
  const min = 2 * Math.floor(deckSize / 5) + 2;
  return { min, max: min + 1 };
}
