import type { CardData, CardType } from './catalog/card-data.js';
import { cardByCode } from './catalog/index.js';

/** The printed facts of a card code; throws on a code outside the pool (a bug, not a move). */
export function facts(code: string): CardData {
  const card = cardByCode(code);
  if (!card) throw new Error(`unknown card code ${code}`);
  return card;
}

export function typeOf(code: string): CardType {
  return facts(code).type;
}

export function titleOf(code: string): string {
  return facts(code).title;
}

/** Subtype test, case-insensitive (`Code Gate`, `code gate`). */
export function hasSubtype(code: string, subtype: string): boolean {
  const wanted = subtype.toLowerCase();
  return facts(code).subtypes.some((s) => s.toLowerCase() === wanted);
}

export function isIceCode(code: string): boolean {
  return typeOf(code) === 'ice';
}

export function isAgendaCode(code: string): boolean {
  return typeOf(code) === 'agenda';
}
