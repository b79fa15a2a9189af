import { facts } from '../facts.js';
import type { Game, Side } from '../state/types.js';
import { winGame } from './outcome.js';

export function agendaPoints(g: Game, side: Side): number {
  return g[side].scored.reduce((sum, uid) => {
    const c = g.cards[uid];
    return sum + (c ? (facts(c.code).agendaPoints ?? 0) : 0);
  }, 0);
}

/** A player with 7 (or the room's number of) agenda points wins. */
export function checkAgendaWin(g: Game): void {
  for (const side of ['corp', 'runner'] as const) {
    if (agendaPoints(g, side) >= g.agendaPointsToWin) winGame(g, side, 'agenda_points');
  }
}
