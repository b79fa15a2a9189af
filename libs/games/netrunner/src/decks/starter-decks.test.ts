import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { cardByCode } from '../catalog/index.js';
import { agendaPoints, deckSize, influenceUsed } from './deck-stats.js';
import { parseDecklist } from './parse-decklist.js';
import { STARTER_DECKS, deckById } from './starter-decks.js';
import { validateDeck } from './validate-deck.js';

describe('starter decks', () => {
  it('have unique ids and are found by id', () => {
    expect(new Set(STARTER_DECKS.map((deck) => deck.id)).size).toBe(STARTER_DECKS.length);
    for (const deck of STARTER_DECKS) expect(deckById(deck.id)).toBe(deck);
    expect(deckById('no-such-deck')).toBeUndefined();
  });

  it.each(STARTER_DECKS.map((deck) => [deck.id, deck] as const))(
    '%s is legal and one System Gateway box builds it',
    (_id, deck) => {
      expect(validateDeck(deck, { singleSystemGatewayBox: true })).toEqual({ ok: true });
    },
  );

  it('cover every identity of the pool', () => {
    const identities = new Set(STARTER_DECKS.map((deck) => cardByCode(deck.identity)?.title));
    expect([...identities].sort()).toEqual([
      'Haas-Bioroid: Precision Design',
      'Jinteki: Restoring Humanity',
      'NBN: Reality Plus',
      'René “Loup” Arcemont: Party Animal',
      'The Catalyst: Convention Breaker',
      'The Syndicate: Profit over Principle',
      'Tāo Salonga: Telepresence Magician',
      'Weyland Consortium: Built to Last',
      'Zahya Sadeghi: Versatile Smuggler',
    ]);
  });

  it('keep the official tutorial decks at their published sizes', () => {
    const shape = (id: string) => {
      const deck = deckById(id);
      return deck && [deckSize(deck), agendaPoints(deck)];
    };
    expect(shape('sg-tutorial-catalyst')).toEqual([30, 0]);
    expect(shape('sg-tutorial-syndicate')).toEqual([34, 14]);
    expect(shape('sg-tutorial-catalyst-intermediate')).toEqual([40, 0]);
    expect(shape('sg-tutorial-syndicate-intermediate')).toEqual([44, 18]);
  });

  describe('README.md', () => {
    const readme = readFileSync(fileURLToPath(new URL('./README.md', import.meta.url)), 'utf8');
    const lines = readme.split('\n');

    it.each(STARTER_DECKS.map((deck) => [deck.id, deck] as const))(
      'lists %s with its true figures',
      (id, deck) => {
        // | id | name | identity | cards | agenda points | influence used | list |
        const rows = lines.map((line) => line.split('|').map((cell) => cell.trim()));
        const cells = rows.find((row) => row[1] === `\`${id}\``);
        if (cells === undefined) throw new Error(`README.md has no table row for ${id}`);
        expect(cells[2]).toBe(deck.name);
        expect(cells[3]).toBe(cardByCode(deck.identity)?.title);
        expect(Number(cells[4]), 'cards').toBe(deckSize(deck));
        expect(Number(cells[5]), 'agenda points').toBe(agendaPoints(deck));
        expect(Number.parseInt(cells[6] ?? '', 10), 'influence used').toBe(influenceUsed(deck));
        expect(cells[7]).toBe(
          id.startsWith('sg-tutorial-') ? 'official reconstruction' : 'our own',
        );
      },
    );

    it.each(STARTER_DECKS.map((deck) => [deck.id, deck] as const))(
      'spells out the list of %s in the decklist format',
      (id, deck) => {
        const heading = lines.indexOf(`### \`${id}\``);
        expect(heading, `README.md heading for ${id}`).toBeGreaterThanOrEqual(0);
        const open = lines.indexOf('```text', heading);
        const close = lines.indexOf('```', open + 1);
        const text = lines.slice(open + 1, close).join('\n');
        expect(parseDecklist(text, { id, name: deck.name })).toEqual({ ok: true, deck });
      },
    );
  });
});
