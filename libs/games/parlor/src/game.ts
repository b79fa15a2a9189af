import type { AnyGameModule } from '@veil/engine';
import type { GameEntry } from '@veil/game-registry';
import { parlor } from './module.js';

/**
 * Parlor's registry entry. Parlor is not a production game: tests register it beside the
 * production games (`gameRegistry([...PRODUCTION_GAMES, parlorGame])`), and a process started
 * by a test loads it with `VEIL_EXTRA_GAMES=@veil/parlor`, which reads this `game` export.
 */
export const parlorGame: GameEntry = {
  module: parlor as unknown as AnyGameModule,
  selfplay: { maxActions: 2_000, typeWeights: {} },
};

export { parlorGame as game };
