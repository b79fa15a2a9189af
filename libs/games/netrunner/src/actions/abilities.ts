import { behaviourOf } from '../cards/registry.js';
import type { AbilityDef, AbilityTarget } from '../cards/behaviour.js';
import type { Game, Side } from '../state/types.js';
import { isActiveFor } from '../rules/tasks.js';
import { installedCorpCards } from '../state/zones.js';

export interface UsableAbility {
  readonly source: string;
  readonly code: string;
  readonly ability: AbilityDef;
  readonly target: AbilityTarget;
}

/** Cards whose abilities `side` may use: its active cards, and ice it is encountering. */
function abilitySources(g: Game, side: Side): string[] {
  if (side === 'runner') {
    const encountered = g.run?.encounter?.ice;
    return [...g.runner.rig, ...(encountered ? [encountered] : [])];
  }
  return installedCorpCards(g);
}

/**
 * Abilities `side` can use now with the given timing, one entry per legal target. An ability
 * on a card of the other side is usable only if it says so (`user`).
 */
export function usableAbilities(
  g: Game,
  side: Side,
  timings: readonly AbilityDef['timing'][],
): UsableAbility[] {
  const out: UsableAbility[] = [];
  for (const source of abilitySources(g, side)) {
    const c = g.cards[source];
    if (!c) continue;
    const own = c.side === side;
    if (own && !isActiveFor(g, c, 'installed')) continue;
    for (const ability of behaviourOf(c.code)?.abilities ?? []) {
      if ((ability.user ?? c.side) !== side || !timings.includes(ability.timing)) continue;
      if (!own && !c.rezzed) continue;
      const clicks = ability.clicks ?? (ability.timing === 'click' ? 1 : 0);
      if (g[side].clicks < clicks) continue;
      for (const target of ability.targets?.(g, source) ?? [null]) {
        if (ability.usable(g, source, target)) out.push({ source, code: c.code, ability, target });
      }
    }
  }
  return out;
}

export function findAbility(code: string, id: string): AbilityDef | undefined {
  return behaviourOf(code)?.abilities?.find((a) => a.id === id);
}
