import { ANARCH_CARDS } from './anarch.js';
import type { CardData } from './card-data.js';
import { CRIMINAL_CARDS } from './criminal.js';
import { HAAS_BIOROID_CARDS } from './haas-bioroid.js';
import { JINTEKI_CARDS } from './jinteki.js';
import { NBN_CARDS } from './nbn.js';
import { NEUTRAL_CORP_CARDS } from './neutral-corp.js';
import { NEUTRAL_RUNNER_CARDS } from './neutral-runner.js';
import { SHAPER_CARDS } from './shaper.js';
import { WEYLAND_CARDS } from './weyland.js';

export type { CardData, CardType, Faction, Side } from './card-data.js';

/** Every card of the pool: System Gateway (30001–30077) plus Sericulture Expansion and Byte!. */
export const CARDS: readonly CardData[] = [
  ...ANARCH_CARDS,
  ...CRIMINAL_CARDS,
  ...SHAPER_CARDS,
  ...NEUTRAL_RUNNER_CARDS,
  ...HAAS_BIOROID_CARDS,
  ...JINTEKI_CARDS,
  ...NBN_CARDS,
  ...WEYLAND_CARDS,
  ...NEUTRAL_CORP_CARDS,
];

const byCode: ReadonlyMap<string, CardData> = new Map(CARDS.map((card) => [card.code, card]));
const byTitle: ReadonlyMap<string, CardData> = new Map(CARDS.map((card) => [card.title, card]));

/** The card with this code, or `undefined` for a code outside the pool. */
export function cardByCode(code: string): CardData | undefined {
  return byCode.get(code);
}

/** The card with exactly this title (identities by their full title, `'Name: Tagline'`). */
export function cardByTitle(title: string): CardData | undefined {
  return byTitle.get(title);
}

/** Whether `x` is the code of a card in the pool (for checking codes that arrive over the wire). */
export function isCardCode(x: unknown): x is string {
  return typeof x === 'string' && byCode.has(x);
}
