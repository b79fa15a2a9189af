import { log } from '../state/log.js';
import { moveCard } from '../state/zones.js';
import type { Game, Side } from '../state/types.js';
import { winGame } from './outcome.js';

/**
 * Draws `n` cards one at a time. The Corp loses when it must draw from an empty R&D; the
 * Runner simply draws what is left.
 */
export function drawCards(g: Game, side: Side, n: number): string[] {
  const drawn: string[] = [];
  for (let i = 0; i < n; i++) {
    const pile = side === 'corp' ? g.corp.rd : g.runner.stack;
    const top = pile[0];
    if (top === undefined) {
      if (side === 'corp') winGame(g, 'runner', 'corp_decked');
      break;
    }
    moveCard(g, top, { zone: side === 'corp' ? 'hq' : 'grip' });
    drawn.push(top);
    log(g, side, `${side === 'corp' ? 'Corp' : 'Runner'} draws {0}.`, [{ uid: top }]);
  }
  return drawn;
}
