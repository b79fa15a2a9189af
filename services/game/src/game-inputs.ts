import { WINDOW_KINDS } from '@veil/netrunner';
import { z } from 'zod';
import { netrunnerOptionsSchema } from './netrunner-options.js';

/** Turns a Parlor room may last (both seats together). */
export const MAX_PARLOR_TURNS = 10_000;

/**
 * What a node takes from outside for one game, by game id: the room options (`gameOptions`, strict
 * and bounded: a room whose options are refused is never set up) and the reaction-window kinds a
 * seat may set a standing policy for. A game without an entry (a benchmark's) gets its options as
 * the protocol bounds them and any window kind; every game served in production has one.
 */
interface GameInputs {
  readonly options: z.ZodType;
  readonly windowKinds: readonly string[];
}

const GAME_INPUTS: ReadonlyMap<string, GameInputs> = new Map([
  ['netrunner', { options: netrunnerOptionsSchema, windowKinds: WINDOW_KINDS }],
  [
    // Parlor, the fixture game: its length, and its one window (the counter after a play).
    'parlor',
    {
      options: z.strictObject({ turns: z.int().min(1).max(MAX_PARLOR_TURNS).optional() }),
      windowKinds: ['counter'],
    },
  ],
]);

/** The game's options as checked, or null when they are refused. */
export function checkGameOptions(game: string, options: unknown): unknown {
  const inputs = GAME_INPUTS.get(game);
  if (!inputs) return options;
  const parsed = inputs.options.safeParse(options);
  return parsed.success ? parsed.data : null;
}

/** Whether a seat may set a standing policy for this kind of window in this game. */
export function isPolicyKind(game: string, kind: string): boolean {
  const inputs = GAME_INPUTS.get(game);
  return !inputs || inputs.windowKinds.includes(kind);
}
