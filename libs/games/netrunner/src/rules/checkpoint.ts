import { typeOf } from '../facts.js';
import type { Game } from '../state/types.js';
import { checkAgendaWin } from './agenda-points.js';
import { memoryLimit, memoryUsed } from './limits.js';
import { pushDecision } from './tasks.js';

/**
 * A checkpoint: winning conditions, then the memory limit (the Runner trashes programs of
 * its choice until its programs fit).
 */
export function checkpoint(g: Game): void {
  checkAgendaWin(g);
  if (g.outcome) return;
  const hasProgram = g.runner.rig.some((uid) => typeOf(g.cards[uid]?.code ?? '') === 'program');
  if (hasProgram && memoryUsed(g) > memoryLimit(g)) {
    pushDecision(g, { kind: 'memory', seat: 'runner' });
  }
}
