import { chartCompiles } from '@veil/engine';
import type { GameEntry } from './game-entry.js';
import { PRODUCTION_GAMES } from './games.js';

export type GameRegistry = ReadonlyMap<string, GameEntry>;

/**
 * A registry of `entries` by id. An id registered twice is a mistake, and so is a game whose
 * chart the engine cannot step (it would fail on its first action instead of at start-up).
 */
export function gameRegistry(entries: Iterable<GameEntry>): GameRegistry {
  const registry = new Map<string, GameEntry>();
  for (const entry of entries) {
    if (registry.has(entry.module.id)) throw new Error(`game ${entry.module.id} registered twice`);
    if (!chartCompiles(entry.module.machine)) {
      throw new Error(`game ${entry.module.id}: its chart is outside what the engine steps`);
    }
    registry.set(entry.module.id, entry);
  }
  return registry;
}

/**
 * The production games plus those exported as `game` by each of `packages` (for tests and
 * game development: `VEIL_EXTRA_GAMES=@veil/parlor`). A package without a `game` export fails.
 */
export async function loadGameRegistry(packages: readonly string[] = []): Promise<GameRegistry> {
  const extra: GameEntry[] = [];
  for (const name of packages) {
    const loaded = (await import(name)) as { game?: GameEntry };
    if (!loaded.game?.module) throw new Error(`${name} exports no game entry (\`game\`)`);
    extra.push(loaded.game);
  }
  return gameRegistry([...PRODUCTION_GAMES, ...extra]);
}
