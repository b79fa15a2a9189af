import type { AnyGameModule, GameSnapshot } from '@veil/engine';
import { PRODUCTION_GAMES } from '@veil/game-registry';
import type { z } from 'zod';

/**
 * The games a node runs, by id: what the node needs of `@veil/game-registry`'s entries (the
 * CLI passes the registry's; tests pass their own).
 */
export interface RegisteredGame {
  /**
   * The game. Its optional `turnNumber` drives a room's spectator delay in turns; a game
   * without one counts the delay in versions (one version per committed action) instead.
   */
  readonly module: AnyGameModule;
  /**
   * The deciders the game still needs an action from (default: every decider): the bots asked
   * to move. A seat that is in on an open simultaneous choice is a decider but owes nothing.
   */
  readonly awaiting?: (snapshot: GameSnapshot<unknown>) => readonly string[];
  /** The room options the game takes (strict, bounded); without it, any the protocol allows. */
  readonly options?: z.ZodType;
  /** The window kinds a seat may set a standing policy for (default: any). */
  readonly policyKinds?: readonly string[];
}

export type GameRegistry = ReadonlyMap<string, RegisteredGame>;

/**
 * Builds a registry from entries, or from modules: a production game's module stands for its
 * production entry (so it keeps its room-options checks), any other for an entry of its own.
 */
export function gameRegistry(games: Iterable<AnyGameModule | RegisteredGame>): GameRegistry {
  const registry = new Map<string, RegisteredGame>();
  for (const game of games) {
    const entry: RegisteredGame =
      'module' in game
        ? game
        : (PRODUCTION_GAMES.find((e) => e.module === game) ?? { module: game });
    if (registry.has(entry.module.id)) throw new Error(`game ${entry.module.id} registered twice`);
    registry.set(entry.module.id, entry);
  }
  return registry;
}
