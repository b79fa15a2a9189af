import { loadGameRegistry, type GameEntry, type GameRegistry } from '@veil/game-registry';
import { UsageError } from './args.js';
import { ConfigError, parseConfig } from './config.js';

/**
 * The games the CLI knows: the registry's production games plus the packages named in
 * `VEIL_EXTRA_GAMES` (tests and game development; see docs/operations.md), read by the same
 * schema as `veil start` reads it.
 */
export async function cliGames(env: NodeJS.ProcessEnv): Promise<GameRegistry> {
  let extra: readonly string[];
  try {
    extra = parseConfig({ VEIL_EXTRA_GAMES: env['VEIL_EXTRA_GAMES'] }).VEIL_EXTRA_GAMES ?? [];
  } catch (error) {
    if (error instanceof ConfigError) throw new UsageError(error.problems.join('; '));
    throw error;
  }
  return loadGameRegistry(extra);
}

/** The registry entry of `id`, or a usage error naming the known games. */
export function gameEntry(games: GameRegistry, id: string): GameEntry {
  const entry = games.get(id);
  if (!entry) throw new UsageError(`unknown game "${id}" (known: ${[...games.keys()].join(', ')})`);
  return entry;
}
