import type { AnyGameModule } from '@veil/engine';
import type { GameEntry } from '@veil/game-registry';
import { z } from 'zod';
import { parlor } from './module.js';

/** Turns a Parlor room may last (both seats together). */
export const MAX_PARLOR_TURNS = 10_000;

/**
 * Parlor's registry entry. Parlor is not a production game: tests register it beside the
 * production games (`gameRegistry([...PRODUCTION_GAMES, parlorGame])`), and a process started
 * by a test loads it with `VEIL_EXTRA_GAMES=@veil/parlor`, which reads this `game` export.
 */
export const parlorGame: GameEntry = {
  module: parlor as unknown as AnyGameModule,
  selfplay: { maxActions: 2_000, typeWeights: {} },
  // Its length, and its one window (the counter after a play).
  options: z.strictObject({ turns: z.int().min(1).max(MAX_PARLOR_TURNS).optional() }),
  policyKinds: ['counter'],
};

export { parlorGame as game };
