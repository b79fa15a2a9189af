import type { CardBehaviour, TriggerDef } from './behaviour.js';
import { ALL_BEHAVIOURS } from './all.js';

const byCode: ReadonlyMap<string, CardBehaviour> = new Map(ALL_BEHAVIOURS.map((b) => [b.code, b]));

/** The behaviour of a card code, or `undefined` for a card whose text is not implemented. */
export function behaviourOf(code: string): CardBehaviour | undefined {
  return byCode.get(code);
}

export function implementedCodes(): string[] {
  return [...byCode.keys()];
}

/**
 * The codes with a conditional ability triggered by events of kind `e`. Firing an event looks
 * only at cards in play with one of these codes: most events have no listener in play at all.
 */
export function codesTriggeredBy(e: TriggerDef['on']): ReadonlySet<string> {
  return triggeredBy.get(e) ?? NONE;
}

const NONE: ReadonlySet<string> = new Set();

const triggeredBy: ReadonlyMap<string, ReadonlySet<string>> = (() => {
  const out = new Map<string, Set<string>>();
  for (const b of ALL_BEHAVIOURS) {
    for (const trigger of b.triggers ?? []) {
      let codes = out.get(trigger.on);
      if (!codes) out.set(trigger.on, (codes = new Set()));
      codes.add(b.code);
    }
  }
  return out;
})();
