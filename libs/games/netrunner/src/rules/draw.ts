import { log } from '../state/log.js';
import { moveCard } from '../state/zones.js';
import type { Game, Side } from '../state/types.js';
import { winGame } from './outcome.js';

/**
 * Draws `n` cards one at a time, logged as one line: `Corp draws {*}.`, or with `how` in place
 * of `draws` (`spends [click] to draw`, `takes a mulligan and draws`). The drawer reads the
 * titles, the others a count. The Corp loses when it must draw from an empty R&D; the Runner
 * simply draws what is left.
 */
export function drawCards(g: Game, side: Side, n: number, how = 'draws'): string[] {
  const drawn: string[] = [];
  let decked = false;
  for (let i = 0; i < n; i++) {
    const pile = side === 'corp' ? g.corp.rd : g.runner.stack;
    const top = pile[0];
    if (top === undefined) {
      decked = side === 'corp';
      break;
    }
    moveCard(g, top, { zone: side === 'corp' ? 'hq' : 'grip' });
    drawn.push(top);
  }
  const who = side === 'corp' ? 'Corp' : 'Runner';
  const pile = side === 'corp' ? 'R&D' : 'the stack';
  const named = drawn.map((uid) => ({ uid }));
  if (drawn.length > 0) log(g, side, `${who} ${how} {*}.`, named);
  // Nothing to draw still gets its line (the Corp then loses: R&D is empty).
  else if (n > 0 && how === 'draws') log(g, side, `${who} cannot draw: ${pile} is empty.`);
  else if (n > 0) log(g, side, `${who} ${how}, but ${pile} is empty.`);
  if (decked) winGame(g, 'runner', 'corp_decked');
  return drawn;
}
