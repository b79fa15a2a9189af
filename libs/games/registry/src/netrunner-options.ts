import {
  cardByCode,
  deckById,
  validateDeck,
  type NetrunnerOptions,
  type NetrunnerSeat,
} from '@veil/netrunner';
import { MAX_CARD_COPIES, MAX_DECK_CARDS, MAX_DECK_ENTRIES } from '@veil/protocol';
import { z } from 'zod';

/** Agenda points a room may play to (the game's default is 7, the beginner tutorial's 6). */
export const MIN_AGENDA_POINTS_TO_WIN = 1;
export const MAX_AGENDA_POINTS_TO_WIN = 20;

const cardCodeSchema = z.string().max(16);

/** A deck list's shape and size bounds (the rules' own checks come on top, in `deckFor`). */
export const deckListSchema = z.strictObject({
  identity: cardCodeSchema,
  cards: z
    .array(z.strictObject({ code: cardCodeSchema, count: z.int().min(1).max(MAX_CARD_COPIES) }))
    .min(1)
    .max(MAX_DECK_ENTRIES)
    .refine((cards) => deckSize({ cards }) <= MAX_DECK_CARDS, {
      message: `at most ${MAX_DECK_CARDS} cards`,
    }),
});

function deckSize(deck: { readonly cards: readonly { readonly count: number }[] }): number {
  return deck.cards.reduce((sum, c) => sum + c.count, 0);
}

/** A side's deck: a starter deck id, or a list that is legal under the deckbuilding rules. */
function deckFor(side: NetrunnerSeat) {
  return z.union([
    z
      .string()
      .max(64)
      .refine((id) => deckById(id) !== undefined && sideOf(deckById(id)?.identity) === side, {
        message: `not a ${side} starter deck`,
      }),
    deckListSchema.refine(
      (deck) =>
        deckSize(deck) <= MAX_DECK_CARDS &&
        sideOf(deck.identity) === side &&
        validateDeck({ id: 'room', name: 'room', ...deck }).ok,
      { message: `not a legal ${side} deck` },
    ),
  ]);
}

function sideOf(code: string | undefined): NetrunnerSeat | undefined {
  const card = code === undefined ? undefined : cardByCode(code);
  return card?.type === 'identity' ? card.side : undefined;
}

/**
 * Netrunner's room options: each side's deck and the points that win. Strict (an unknown key is
 * refused) and bounded, so a room is set up only from decks the rules allow (docs/protocol.md).
 */
export const netrunnerOptionsSchema: z.ZodType<NetrunnerOptions> = z.strictObject({
  corpDeck: deckFor('corp').optional(),
  runnerDeck: deckFor('runner').optional(),
  agendaPointsToWin: z.int().min(MIN_AGENDA_POINTS_TO_WIN).max(MAX_AGENDA_POINTS_TO_WIN).optional(),
});
