import type { AnyGameModule } from '@veil/engine';
import { loadGameRegistry } from '@veil/game-registry';

/**
 * The game modules a decision thread can decide for: the registry the game nodes and the CLI
 * use (`@veil/game-registry`), plus the games exported by `extraPackages` (test games, e.g.
 * `@veil/parlor`, as `VEIL_EXTRA_GAMES` names them).
 */
export async function registryModules(
  extraPackages: readonly string[] = [],
): Promise<AnyGameModule[]> {
  const registry = await loadGameRegistry(extraPackages);
  return [...registry.values()].map((entry) => entry.module);
}
