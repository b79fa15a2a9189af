import type { GameSnapshot } from '@veil/engine';
import { parlor, type ParlorState } from '@veil/engine/fixture';
import type { RegisteredGame } from './game-registry.js';

/** Parlor, the engine's fixture game, with its turn counter for spectator delays. */
export const parlorGame: RegisteredGame = {
  module: parlor,
  turnOf: (snapshot: GameSnapshot<unknown>) => (snapshot as GameSnapshot<ParlorState>).context.turn,
};

/**
 * The games a node process runs. Netrunner joins here once `@veil/netrunner` exports its module
 * (it is still being written).
 */
export function defaultGames(): RegisteredGame[] {
  return [parlorGame];
}
