import { log } from '../state/log.js';
import type { Game, Side } from '../state/types.js';

/** Ends the game: nothing is pending any more. The first outcome stands. */
export function winGame(g: Game, winner: Side, reason: string): void {
  if (g.outcome) return;
  g.outcome = { winner, reason };
  g.tasks = [];
  g.pauses = { ...g.pauses, decisions: [], windows: [] };
  log(
    g,
    null,
    `${winner === 'corp' ? 'The Corp' : 'The Runner'} wins (${reason.replace('_', ' ')}).`,
  );
}
