import type { Game } from '../state/types.js';
import { behaviourOf } from './registry.js';

/**
 * Called by the access rule (rules/access.ts) right after the accessed card's own "when
 * accessed" ability: every other card of the Corp's deck list with a `maskAccess` hook (Byte!)
 * may ask its neutral question, so that an observer who cannot see the accessed card cannot
 * tell it from the question. Deck lists are public (open decklists), so whether the hook runs
 * is a public fact; each distinct code runs once, in deck-list order.
 */
export function maskAccessAsks(g: Game, accessed: string, from: string): void {
  const accessedCode = g.cards[accessed]?.code;
  const done = new Set<string>();
  for (const { code } of g.decks.corp.cards) {
    if (code === accessedCode || done.has(code)) continue;
    done.add(code);
    behaviourOf(code)?.maskAccess?.(g, accessed, from);
  }
}
