import { describe, expect, it } from 'vitest';
import { cardByTitle } from '../catalog/index.js';
import type { DeckError } from './deck-error.js';
import type { Deck } from './deck.js';
import { ANARCH_STARTER, HAAS_BIOROID_STARTER, JINTEKI_STARTER } from './faction-decks.js';
import { CATALYST_BEGINNER } from './tutorial-decks.js';
import { validateDeck } from './validate-deck.js';
import type { ValidateDeckOptions } from './validate-deck.js';

function codeOf(title: string): string {
  const card = cardByTitle(title);
  if (card === undefined) throw new Error(`no card titled '${title}'`);
  return card.code;
}

/** The deck with `title` at `count` copies (0 removes it), everything else unchanged. */
function withCount(deck: Deck, title: string, count: number): Deck {
  const code = codeOf(title);
  const others = deck.cards.filter((entry) => entry.code !== code);
  return { ...deck, cards: count === 0 ? others : [...others, { code, count }] };
}

/** Applies several `withCount` changes in turn. */
function changed(deck: Deck, changes: Readonly<Record<string, number>>): Deck {
  return Object.entries(changes).reduce((d, [title, count]) => withCount(d, title, count), deck);
}

/** The errors of a deck that must fail. */
function errorsOf(deck: Deck, opts?: ValidateDeckOptions): readonly DeckError[] {
  const result = validateDeck(deck, opts);
  if (result.ok) throw new Error(`expected ${deck.id} to be rejected`);
  return result.errors;
}

describe('validateDeck', () => {
  it('accepts a legal Corp deck and a legal Runner deck', () => {
    expect(validateDeck(HAAS_BIOROID_STARTER)).toEqual({ ok: true });
    expect(validateDeck(ANARCH_STARTER)).toEqual({ ok: true });
  });

  it('rejects an unknown card code', () => {
    const deck = {
      ...ANARCH_STARTER,
      cards: [...ANARCH_STARTER.cards, { code: '99999', count: 1 }],
    };
    expect(errorsOf(deck)).toEqual([
      { kind: 'unknown-card', code: '99999', message: "Unknown card code '99999'." },
    ]);
  });

  it('rejects a count that is not a whole number of at least 1', () => {
    const code = codeOf('Sure Gamble');
    for (const count of [0, -1, 1.5]) {
      const deck = { ...ANARCH_STARTER, cards: [...ANARCH_STARTER.cards, { code, count }] };
      expect(errorsOf(deck)).toEqual([
        {
          kind: 'invalid-count',
          code,
          count,
          message: `'Sure Gamble' is listed with count ${count}; a count is a whole number of at least 1.`,
        },
      ]);
    }
  });

  it('rejects a deck without an identity', () => {
    expect(errorsOf({ ...ANARCH_STARTER, identity: '' })).toEqual([
      { kind: 'missing-identity', message: 'The deck has no identity.' },
    ]);
  });

  it('rejects an identity code outside the catalog', () => {
    expect(errorsOf({ ...ANARCH_STARTER, identity: '00000' })).toEqual([
      {
        kind: 'unknown-card',
        code: '00000',
        message: "Unknown card code '00000' given as the identity.",
      },
    ]);
  });

  it('rejects an identity that is not an identity card', () => {
    expect(errorsOf({ ...ANARCH_STARTER, identity: codeOf('Sure Gamble') })).toEqual([
      {
        kind: 'not-an-identity',
        code: codeOf('Sure Gamble'),
        message: "'Sure Gamble' is an event, not an identity.",
      },
    ]);
  });

  it('rejects another identity among the cards', () => {
    const deck = withCount(ANARCH_STARTER, 'Zahya Sadeghi: Versatile Smuggler', 1);
    expect(errorsOf(deck)).toEqual([
      {
        kind: 'identity-in-deck',
        code: codeOf('Zahya Sadeghi: Versatile Smuggler'),
        message:
          "'Zahya Sadeghi: Versatile Smuggler' is an identity; a deck has exactly one identity, and it is not one of the deck's cards.",
      },
    ]);
  });

  it("rejects a card of the other side, and does not count it toward the deck's size", () => {
    const deck = changed(ANARCH_STARTER, { 'Sure Gamble': 2, 'Hedge Fund': 1 });
    const errors = errorsOf(deck);
    expect(errors.map((e) => e.kind)).toEqual(['wrong-side', 'too-few-cards']);
    expect(errors[0]).toEqual({
      kind: 'wrong-side',
      code: codeOf('Hedge Fund'),
      message: "'Hedge Fund' is a Corp card; this is a Runner deck.",
    });
    expect(errorsOf(withCount(ANARCH_STARTER, 'Hedge Fund', 1))).toEqual([errors[0]]);
  });

  it("rejects a deck smaller than the identity's minimum", () => {
    const deck = withCount(ANARCH_STARTER, 'Sure Gamble', 2);
    expect(errorsOf(deck)).toEqual([
      {
        kind: 'too-few-cards',
        size: 39,
        minimum: 40,
        message: 'The deck has 39 cards; René “Loup” Arcemont: Party Animal needs at least 40.',
      },
    ]);
  });

  it('rejects more copies of a title than its deck limit', () => {
    expect(errorsOf(withCount(ANARCH_STARTER, 'Sure Gamble', 4))).toEqual([
      {
        kind: 'over-deck-limit',
        title: 'Sure Gamble',
        count: 4,
        limit: 3,
        message: "4 copies of 'Sure Gamble'; a deck may hold at most 3.",
      },
    ]);
  });

  it('counts copies listed in several entries together', () => {
    const code = codeOf('Sure Gamble');
    const deck = { ...ANARCH_STARTER, cards: [...ANARCH_STARTER.cards, { code, count: 1 }] };
    expect(errorsOf(deck).map((e) => e.kind)).toEqual(['over-deck-limit']);
  });

  it('holds a "Limit 1 per deck" agenda to one copy', () => {
    // Same size and points as the legal deck: only the second Luminal breaks a rule.
    const deck = changed(HAAS_BIOROID_STARTER, {
      'Luminal Transubstantiation': 2,
      'Offworld Office': 2,
    });
    expect(errorsOf(deck)).toEqual([
      {
        kind: 'over-deck-limit',
        title: 'Luminal Transubstantiation',
        count: 2,
        limit: 1,
        message: "2 copies of 'Luminal Transubstantiation'; a deck may hold at most 1.",
      },
    ]);
  });

  it("rejects out-of-faction cards above the identity's influence limit", () => {
    // Carmen 3 × 2 + Conduit 3 × 4 = 18 > 15, size unchanged.
    const deck = changed(ANARCH_STARTER, {
      Mayfly: 0,
      Carmen: 3,
      'Smartware Distributor': 0,
      Conduit: 3,
    });
    expect(errorsOf(deck)).toEqual([
      {
        kind: 'over-influence',
        used: 18,
        limit: 15,
        message:
          'Out-of-faction cards use 18 influence (3× Carmen at 2, 3× Conduit at 4); René “Loup” Arcemont: Party Animal allows 15.',
      },
    ]);
  });

  it('accepts influence exactly at the limit, and neutral cards cost none', () => {
    // Conduit 3 × 4 + Marjanah 3 × 1 = 15; Mayfly and Smartware are neutral.
    const deck = changed(ANARCH_STARTER, {
      Leech: 0,
      Conduit: 3,
      'Wildcat Strike': 0,
      Marjanah: 3,
    });
    expect(validateDeck(deck)).toEqual({ ok: true });
  });

  it('sets no influence limit for a starter-game identity', () => {
    const deck = changed(CATALYST_BEGINNER, { Conduit: 3, Carnivore: 3, Botulus: 3 });
    expect(validateDeck(deck)).toEqual({ ok: true });
  });

  it("rejects another faction's agenda in a Corp deck", () => {
    // Above the Law costs no influence and has Luminal's points: only its faction is wrong.
    const deck = changed(HAAS_BIOROID_STARTER, {
      'Luminal Transubstantiation': 0,
      'Above the Law': 1,
    });
    expect(errorsOf(deck)).toEqual([
      {
        kind: 'out-of-faction-agenda',
        code: codeOf('Above the Law'),
        message:
          "'Above the Law' is a Weyland Consortium agenda; a Corp deck may include only its own faction's agendas and neutral ones.",
      },
    ]);
  });

  it('rejects a Corp deck below its agenda-point band', () => {
    const deck = changed(HAAS_BIOROID_STARTER, {
      'Superconducting Hub': 0,
      'Manegarm Skunkworks': 3,
    });
    expect(errorsOf(deck)).toEqual([
      {
        kind: 'agenda-points',
        points: 17,
        min: 18,
        max: 19,
        message:
          'The deck has 40 cards and 17 agenda points; a deck of 40–44 cards needs 18 or 19.',
      },
    ]);
  });

  it('accepts either number of the band and rejects one above it', () => {
    const nineteen = changed(HAAS_BIOROID_STARTER, {
      'Nico Campaign': 2,
      'Superconducting Hub': 2,
    });
    expect(validateDeck(nineteen)).toEqual({ ok: true });
    const twenty = changed(HAAS_BIOROID_STARTER, { 'Nico Campaign': 1, 'Superconducting Hub': 3 });
    expect(errorsOf(twenty)).toEqual([
      {
        kind: 'agenda-points',
        points: 20,
        min: 18,
        max: 19,
        message:
          'The deck has 40 cards and 20 agenda points; a deck of 40–44 cards needs 18 or 19.',
      },
    ]);
  });

  it('moves the band with the deck size', () => {
    // Five more cards: 45 need 20 or 21 points, so the same 18 points no longer do.
    const fiveMore = { Neurospike: 3, 'Anoetic Void': 3, 'Byte!': 3 };
    expect(errorsOf(changed(JINTEKI_STARTER, fiveMore))).toEqual([
      {
        kind: 'agenda-points',
        points: 18,
        min: 20,
        max: 21,
        message:
          'The deck has 45 cards and 18 agenda points; a deck of 45–49 cards needs 20 or 21.',
      },
    ]);
    const withPoints = { ...fiveMore, 'Byte!': 2, 'Offworld Office': 3 };
    expect(validateDeck(changed(JINTEKI_STARTER, withPoints))).toEqual({ ok: true });
  });

  it('asks no agenda points of a Runner deck', () => {
    expect(
      validateDeck(changed(ANARCH_STARTER, { 'T400 Memory Diamond': 3, Cookbook: 3 })),
    ).toEqual({ ok: true });
  });

  it('reports every broken rule at once', () => {
    const deck = changed(HAAS_BIOROID_STARTER, {
      'Hedge Fund': 5,
      'Sure Gamble': 1,
      'Superconducting Hub': 0,
    });
    expect(errorsOf(deck).map((e) => e.kind)).toEqual([
      'over-deck-limit',
      'wrong-side',
      'agenda-points',
    ]);
  });

  describe('with singleSystemGatewayBox', () => {
    const box = { singleSystemGatewayBox: true };

    it('rejects a card the box does not contain', () => {
      const deck = changed(JINTEKI_STARTER, { 'Urtica Cipher': 2, 'Byte!': 1 });
      expect(validateDeck(deck)).toEqual({ ok: true });
      expect(errorsOf(deck, box)).toEqual([
        {
          kind: 'not-in-system-gateway',
          code: codeOf('Byte!'),
          message: "'Byte!' is not in the System Gateway box.",
        },
      ]);
    });

    it('rejects more copies than the box holds', () => {
      const deck = withCount(ANARCH_STARTER, 'Sure Gamble', 4);
      expect(errorsOf(deck, box)).toContainEqual({
        kind: 'over-set-quantity',
        code: codeOf('Sure Gamble'),
        count: 4,
        setQuantity: 3,
        message: "4 copies of 'Sure Gamble'; one System Gateway box holds 3.",
      });
    });
  });
});
