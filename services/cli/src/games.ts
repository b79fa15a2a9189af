import { loadGameRegistry, type GameEntry, type GameRegistry } from '@veil/game-registry';
import { UsageError } from './args.js';

/**
 * The games the CLI knows: the registry's production games plus the packages named in
 * `VEIL_EXTRA_GAMES` (tests and game development; see docs/operations.md).
 */
export async function cliGames(env: NodeJS.ProcessEnv): Promise<GameRegistry> {
  const extra = (env['VEIL_EXTRA_GAMES'] ?? '').split(',').filter((name) => name.length > 0);
  return loadGameRegistry(extra);
}

/** The registry entry of `id`, or a usage error naming the known games. */
export function gameEntry(games: GameRegistry, id: string): GameEntry {
  const entry = games.get(id);
  if (!entry) throw new UsageError(`unknown game "${id}" (known: ${[...games.keys()].join(', ')})`);
  return entry;
}
