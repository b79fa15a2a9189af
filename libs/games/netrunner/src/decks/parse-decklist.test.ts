import { describe, expect, it } from 'vitest';
import { cardByCode, cardByTitle } from '../catalog/index.js';
import type { Deck } from './deck.js';
import { parseDecklist } from './parse-decklist.js';
import type { DecklistError } from './parse-decklist.js';
import { STARTER_DECKS } from './starter-decks.js';

function codeOf(title: string): string {
  const card = cardByTitle(title);
  if (card === undefined) throw new Error(`no card titled '${title}'`);
  return card.code;
}

function deckOf(text: string): Deck {
  const result = parseDecklist(text);
  if (!result.ok) throw new Error(result.errors.map((e) => e.message).join('\n'));
  return result.deck;
}

function errorsOf(text: string): readonly DecklistError[] {
  const result = parseDecklist(text);
  if (result.ok) throw new Error('expected the list to be rejected');
  return result.errors;
}

describe('parseDecklist', () => {
  it('reads counts written as "3 Title" and "3x Title", the identity by title', () => {
    const deck = deckOf(
      ['Haas-Bioroid: Precision Design', '3 Hedge Fund', '2x Sprint', '1 × Palisade'].join('\n'),
    );
    expect(deck).toEqual({
      id: 'custom',
      name: 'Haas-Bioroid: Precision Design',
      identity: codeOf('Haas-Bioroid: Precision Design'),
      cards: [
        { code: codeOf('Hedge Fund'), count: 3 },
        { code: codeOf('Sprint'), count: 2 },
        { code: codeOf('Palisade'), count: 1 },
      ],
    });
  });

  it('ignores blank lines and # comments, adds up repeated cards', () => {
    const deck = deckOf(
      [
        '# my first deck',
        '',
        'NBN: Reality Plus',
        '   ',
        '2 Hedge Fund # economy',
        '1 Hedge Fund',
      ].join('\n'),
    );
    expect(deck.cards).toEqual([{ code: codeOf('Hedge Fund'), count: 3 }]);
  });

  it('takes its id and name from the caller when given', () => {
    const result = parseDecklist('NBN: Reality Plus\n3 Ping', { id: 'd1', name: 'Tags' });
    expect(result.ok && [result.deck.id, result.deck.name]).toEqual(['d1', 'Tags']);
  });

  it('accepts straight quotes and apostrophes for the curly ones titles print', () => {
    const deck = deckOf(
      ['NBN: Reality Plus', "1 Tomorrow's Headline", '1 Tomorrow’s Headline'].join('\n'),
    );
    expect(deck.cards).toEqual([{ code: codeOf('Tomorrowʼs Headline'), count: 2 }]);
    expect(deckOf('René "Loup" Arcemont: Party Animal\n3 Leech').identity).toBe('30001');
  });

  it("knows an identity by its name before the colon, and by '1 Title'", () => {
    expect(deckOf('René "Loup" Arcemont\n3 Leech').identity).toBe('30001');
    expect(deckOf('1 Zahya Sadeghi\n3 Carmen').identity).toBe('30010');
  });

  it('ignores a product note after the title', () => {
    expect(deckOf('NBN: Reality Plus\n3x Ping (System Gateway)').cards).toEqual([
      { code: codeOf('Ping'), count: 3 },
    ]);
  });

  it('rejects a title not in the catalog, suggesting a near match', () => {
    expect(errorsOf('NBN: Reality Plus\n3 Bran 1.0\n2 Ice Wall')).toEqual([
      {
        kind: 'unknown-title',
        line: 2,
        message: "Line 2: no card is titled 'Bran 1.0'; did you mean 'Brân 1.0'?",
      },
      { kind: 'unknown-title', line: 3, message: "Line 3: no card is titled 'Ice Wall'" },
    ]);
  });

  it('matches titles exactly: case matters', () => {
    expect(errorsOf('NBN: Reality Plus\n3 hedge fund')).toEqual([
      {
        kind: 'unknown-title',
        line: 2,
        message: "Line 2: no card is titled 'hedge fund'; did you mean 'Hedge Fund'?",
      },
    ]);
  });

  it('rejects a card line without a count, and a zero count', () => {
    expect(errorsOf('NBN: Reality Plus\nHedge Fund\n0 Ping')).toEqual([
      {
        kind: 'missing-count',
        line: 2,
        message: "Line 2: 'Hedge Fund' has no count; write it as '1 Hedge Fund'.",
      },
      { kind: 'bad-count', line: 3, message: "Line 3: count 0 for 'Ping'; a count is at least 1." },
    ]);
  });

  it('rejects a list without an identity', () => {
    expect(errorsOf('3 Hedge Fund')).toEqual([
      {
        kind: 'missing-identity',
        message:
          "The list names no identity; add a line with its title, such as 'The Catalyst: Convention Breaker'.",
      },
    ]);
  });

  it('rejects a second identity and several copies of one', () => {
    expect(errorsOf('NBN: Reality Plus\nJinteki: Restoring Humanity\n2 NBN: Reality Plus')).toEqual(
      [
        {
          kind: 'second-identity',
          line: 2,
          message:
            "Line 2: a second identity, 'Jinteki: Restoring Humanity'; line 1 already names 'NBN: Reality Plus'.",
        },
        {
          kind: 'identity-count',
          line: 3,
          message: "Line 3: 2 copies of the identity 'NBN: Reality Plus'; a deck has exactly one.",
        },
      ],
    );
  });

  it('reads back every starter deck written out as text', () => {
    for (const deck of STARTER_DECKS) {
      const title = (code: string): string => cardByCode(code)?.title ?? code;
      const text = [
        title(deck.identity),
        ...deck.cards.map(({ code, count }) => `${count}x ${title(code)}`),
      ].join('\n');
      const parsed = parseDecklist(text, { id: deck.id, name: deck.name });
      expect(parsed, deck.id).toEqual({ ok: true, deck });
    }
  });
});
