import type { VeilConnection } from '@veil/client';

/** A game's board page: runs in `root` on an open connection (a seat's or a spectator's). */
export type RunBoard = (
  root: HTMLElement,
  conn: VeilConnection,
  roomId: string,
  bots: Readonly<Record<string, string>>,
) => void;

/**
 * The boards by the `webBoard` id of each game's registry entry (libs/games/registry), which is
 * the game's id; `boards.test.ts` checks that every production game has its board here and
 * nothing else is. Each board is loaded when a room of its game opens, so a page loads one
 * game's board and client data only.
 */
export const BOARDS: Readonly<Record<string, () => Promise<RunBoard>>> = {
  netrunner: async () => (await import('./netrunner-room.js')).runNetrunner,
  dune: async () => (await import('./dune/room.js')).runDune,
};
