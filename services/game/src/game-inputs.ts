import type { RegisteredGame } from './game-registry.js';

// What a node takes from outside for one game comes with the game's registry entry
// (`options`, `policyKinds`): the node itself knows no game.

/**
 * The room options as the game checked them, or null when it refuses them. A game without a
 * schema (a benchmark's) gets them as the protocol bounds them.
 */
export function checkGameOptions(game: RegisteredGame, options: unknown): unknown {
  if (!game.options) return options;
  const parsed = game.options.safeParse(options);
  return parsed.success ? parsed.data : null;
}

/** Whether a seat may set a standing policy for this kind of window in this game. */
export function isPolicyKind(game: RegisteredGame, kind: string): boolean {
  return !game.policyKinds || game.policyKinds.includes(kind);
}
