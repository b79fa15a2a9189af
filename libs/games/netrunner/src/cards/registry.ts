import type { CardBehaviour } from './behaviour.js';
import { ALL_BEHAVIOURS } from './all.js';

const byCode: ReadonlyMap<string, CardBehaviour> = new Map(ALL_BEHAVIOURS.map((b) => [b.code, b]));

/** The behaviour of a card code, or `undefined` for a card whose text is not implemented. */
export function behaviourOf(code: string): CardBehaviour | undefined {
  return byCode.get(code);
}

export function implementedCodes(): string[] {
  return [...byCode.keys()];
}
