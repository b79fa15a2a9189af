import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import type { CardData } from './card-data.js';
import { CARDS, cardByCode, cardByTitle, isCardCode } from './index.js';

// The printed reference lives beside the repository, not in it; we only cross-check against it.
const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../../..');
const referencePath = path.resolve(repoRoot, '../shared/netrunner/cards.json');
const referencePresent = existsSync(referencePath);
if (!referencePresent) {
  console.warn(
    `\n!!! SKIPPING the card-data cross-check: ${referencePath} is absent. ` +
      'The catalog is NOT verified against the printed reference in this run. !!!\n',
  );
}

/** One card as NetrunnerDB's JSON prints it (only the fields we compare). */
interface ReferenceCard {
  code: string;
  title: string;
  side_code: string;
  faction_code: string;
  type_code: string;
  keywords?: string;
  cost?: number | null;
  faction_cost?: number;
  uniqueness: boolean;
  deck_limit: number;
  quantity: number;
  strength?: number;
  memory_cost?: number;
  trash_cost?: number;
  advancement_cost?: number;
  agenda_points?: number;
  base_link?: number;
  influence_limit?: number;
  minimum_deck_size?: number;
  pack_code?: string;
  text: string;
}

/** Reference field → our field, for the numeric fields that are simply present or absent. */
const OPTIONAL_NUMBERS = [
  ['strength', 'strength'],
  ['memory_cost', 'memoryCost'],
  ['trash_cost', 'trashCost'],
  ['advancement_cost', 'advancementCost'],
  ['agenda_points', 'agendaPoints'],
  ['base_link', 'baseLink'],
  ['influence_limit', 'influenceLimit'],
  ['minimum_deck_size', 'minimumDeckSize'],
] as const satisfies readonly (readonly [keyof ReferenceCard, keyof CardData])[];

describe('catalog', () => {
  it('holds 79 cards with unique codes and unique titles', () => {
    expect(CARDS).toHaveLength(79);
    expect(new Set(CARDS.map((card) => card.code)).size).toBe(79);
    expect(new Set(CARDS.map((card) => card.title)).size).toBe(79);
  });

  it('finds cards by code and by exact title only', () => {
    expect(cardByCode('30075')?.title).toBe('Hedge Fund');
    expect(cardByCode('99999')).toBeUndefined();
    expect(cardByTitle('Hedge Fund')?.code).toBe('30075');
    expect(cardByTitle('hedge fund')).toBeUndefined();
    expect(cardByTitle('Tomorrowʼs Headline')?.code).toBe('30052');
    expect(cardByTitle('René “Loup” Arcemont: Party Animal')?.code).toBe('30001');
  });

  it('recognises card codes and nothing else', () => {
    expect(isCardCode('30001')).toBe(true);
    expect(isCardCode('35050')).toBe(true);
    expect(isCardCode('30078')).toBe(false);
    expect(isCardCode(30001)).toBe(false);
    expect(isCardCode(undefined)).toBe(false);
  });

  it('splits keywords into subtypes', () => {
    expect(cardByTitle('Cleaver')?.subtypes).toEqual(['Icebreaker', 'Fracter']);
    expect(cardByTitle('Ansel 1.0')?.subtypes).toEqual(['Sentry', 'Bioroid', 'Destroyer']);
    expect(cardByTitle('Sure Gamble')?.subtypes).toEqual([]);
  });

  it('keeps the symbol markers of the printed text for the client to render', () => {
    expect(cardByTitle('Fermenter')?.text).toContain('[click], [trash]<strong>:</strong>');
    expect(cardByTitle('Tithe')?.text).toContain('[subroutine] Gain 1[credit].');
  });

  it('gives every identity a minimum deck size and every agenda its points', () => {
    for (const card of CARDS) {
      if (card.type === 'identity') expect(card.minimumDeckSize, card.title).toBeGreaterThan(0);
      if (card.type === 'agenda') expect(card.agendaPoints, card.title).toBeGreaterThan(0);
    }
  });
});

describe.skipIf(!referencePresent)('catalog against ../shared/netrunner/cards.json', () => {
  const reference = referencePresent
    ? (JSON.parse(readFileSync(referencePath, 'utf8')) as ReferenceCard[])
    : [];

  it('has exactly the reference codes', () => {
    expect(CARDS.map((card) => card.code).sort()).toEqual(reference.map((r) => r.code).sort());
  });

  it.each(reference.map((r) => [r.code, r.title, r] as const))(
    '%s %s matches its printed data',
    (code, _title, printed) => {
      const card = cardByCode(code);
      if (card === undefined) throw new Error(`card ${code} is missing from the catalog`);
      expect(card.title).toBe(printed.title);
      expect(card.side).toBe(printed.side_code);
      expect(card.faction).toBe(printed.faction_code);
      expect(card.type).toBe(printed.type_code);
      expect(card.subtypes).toEqual(printed.keywords ? printed.keywords.split(' - ') : []);
      expect(card.cost).toBe(printed.cost ?? null);
      if (printed.faction_cost !== undefined) expect(card.influence).toBe(printed.faction_cost);
      expect(card.unique).toBe(printed.uniqueness);
      expect(card.deckLimit).toBe(printed.deck_limit);
      expect(card.setQuantity).toBe(printed.quantity);
      for (const [theirs, ours] of OPTIONAL_NUMBERS) {
        expect(card[ours], `${ours} of ${printed.title}`).toBe(printed[theirs] ?? undefined);
      }
      if (printed.pack_code !== undefined) expect(card.pack).toBe(printed.pack_code);
      expect(card.text).toBe(printed.text);
    },
  );
});
