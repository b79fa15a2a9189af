import { behaviourOf } from '../cards/registry.js';
import type { Game } from '../state/types.js';

export interface UsableAccessAbility {
  readonly code: string;
  readonly id: string;
  resolve(g: Game, accessed: string): void;
}

/** Mid-access abilities of installed Runner cards usable on the card being accessed. */
export function accessAbilities(g: Game, accessed: string): UsableAccessAbility[] {
  const out: UsableAccessAbility[] = [];
  for (const source of g.runner.rig) {
    const c = g.cards[source];
    if (!c) continue;
    for (const a of behaviourOf(c.code)?.accessAbilities ?? []) {
      if (!a.usable(g, source, accessed)) continue;
      out.push({ code: c.code, id: a.id, resolve: (game, uid) => a.resolve(game, source, uid) });
    }
  }
  return out;
}
