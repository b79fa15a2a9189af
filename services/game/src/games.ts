import type { AnyGameModule } from '@veil/engine';
import { parlor } from '@veil/engine/fixture';
import { netrunner } from '@veil/netrunner';
import type { RegisteredGame } from './game-registry.js';

/** Parlor, the engine's fixture game: small, quick, used by tests. */
export const parlorGame: RegisteredGame = { module: parlor as unknown as AnyGameModule };

/** Android: Netrunner. */
export const netrunnerGame: RegisteredGame = { module: netrunner as unknown as AnyGameModule };

/** The games a node process runs. */
export function defaultGames(): RegisteredGame[] {
  return [parlorGame, netrunnerGame];
}
