import { DEFAULT_CORP_DECK, DEFAULT_RUNNER_DECK, deckById } from '@veil/netrunner';
import { MAX_CARD_COPIES, MAX_DECK_CARDS, MAX_DECK_ENTRIES } from '@veil/protocol';
import { describe, expect, it } from 'vitest';
import {
  deckListSchema,
  MAX_AGENDA_POINTS_TO_WIN,
  MIN_AGENDA_POINTS_TO_WIN,
  netrunnerOptionsSchema,
} from './netrunner-options.js';

const runnerStarter = deckById(DEFAULT_RUNNER_DECK);
const corpStarter = deckById(DEFAULT_CORP_DECK);
if (!runnerStarter || !corpStarter) throw new Error('starter decks missing');
const runnerList = { identity: runnerStarter.identity, cards: runnerStarter.cards };

/** `n` entries of distinct (made-up) codes, `copies` each. */
function entries(n: number, copies: number) {
  return Array.from({ length: n }, (_, i) => ({
    code: `9${String(i).padStart(4, '0')}`,
    count: copies,
  }));
}

const accepts = (options: unknown) => netrunnerOptionsSchema.safeParse(options).success;

describe('Netrunner room options', () => {
  it('takes no options, starter decks by id and legal deck lists', () => {
    expect(accepts({})).toBe(true);
    expect(accepts({ corpDeck: DEFAULT_CORP_DECK, runnerDeck: DEFAULT_RUNNER_DECK })).toBe(true);
    expect(accepts({ runnerDeck: runnerList })).toBe(true);
  });

  it('refuses unknown keys, unknown or wrong-side decks and illegal lists', () => {
    expect(accepts({ format: 'standard' })).toBe(false);
    expect(accepts({ corpDeck: 'no-such-deck' })).toBe(false);
    expect(accepts({ corpDeck: DEFAULT_RUNNER_DECK })).toBe(false);
    expect(accepts({ corpDeck: runnerList })).toBe(false);
    // Four copies of a card: over the rules' deck limit.
    const [first, ...rest] = runnerList.cards;
    if (!first) throw new Error('empty starter deck');
    expect(
      accepts({ runnerDeck: { ...runnerList, cards: [{ ...first, count: 4 }, ...rest] } }),
    ).toBe(false);
    expect(
      accepts({ runnerDeck: { ...runnerList, cards: [...rest, { code: '99999', count: 1 }] } }),
    ).toBe(false);
  });

  it('refuses the decks that ran the server out of memory before any card is made', () => {
    const huge = {
      identity: corpStarter.identity,
      cards: [{ code: '30069', count: 1_000_000_000 }],
    };
    expect(accepts({ corpDeck: huge })).toBe(false);
    expect(accepts({ corpDeck: { ...huge, cards: [{ code: '30069', count: 30_000 }] } })).toBe(
      false,
    );
  });

  it(`bounds agendaPointsToWin to ${MIN_AGENDA_POINTS_TO_WIN}–${MAX_AGENDA_POINTS_TO_WIN}`, () => {
    expect(accepts({ agendaPointsToWin: MIN_AGENDA_POINTS_TO_WIN })).toBe(true);
    expect(accepts({ agendaPointsToWin: MAX_AGENDA_POINTS_TO_WIN })).toBe(true);
    for (const bad of [
      MIN_AGENDA_POINTS_TO_WIN - 1,
      MAX_AGENDA_POINTS_TO_WIN + 1,
      6.5,
      '7',
      null,
      -7,
    ]) {
      expect(accepts({ agendaPointsToWin: bad }), String(bad)).toBe(false);
    }
  });
});

describe('deck list bounds', () => {
  const list = (cards: { code: string; count: number }[]) =>
    deckListSchema.safeParse({ identity: '30076', cards }).success;

  it(`holds at most ${MAX_DECK_CARDS} cards in all`, () => {
    expect(list(entries(MAX_DECK_CARDS / 4, 4))).toBe(true);
    expect(list([...entries(MAX_DECK_CARDS / 4, 4), { code: '88888', count: 1 }])).toBe(false);
  });

  it(`holds at most ${MAX_DECK_ENTRIES} entries of at most ${MAX_CARD_COPIES} copies`, () => {
    expect(list([{ code: '30001', count: MAX_CARD_COPIES }])).toBe(true);
    expect(list([{ code: '30001', count: MAX_CARD_COPIES + 1 }])).toBe(false);
    expect(list([{ code: '30001', count: 0 }])).toBe(false);
    // Entries are bounded before their total is: 201 entries of one copy are refused as many.
    const many = entries(MAX_DECK_ENTRIES + 1, 0).map((e) => ({ ...e, count: 1 }));
    expect(deckListSchema.shape.cards.safeParse(many).success).toBe(false);
    expect(list([])).toBe(false);
  });
});
