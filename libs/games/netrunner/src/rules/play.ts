import { behaviourOf } from '../cards/registry.js';
import { log, PUBLIC } from '../state/log.js';
import { card, moveCard } from '../state/zones.js';
import type { Game } from '../state/types.js';
import { playCost } from './costs.js';
import { canPay, pay } from './credits.js';
import { paid } from './credit-text.js';
import { queueRule } from './tasks.js';

/** Whether an operation or event in hand could be played now, cost and restriction wise. */
export function canPlayCard(g: Game, uid: string): boolean {
  const c = card(g, uid);
  const behaviour = behaviourOf(c.code);
  if (!behaviour?.play) return false;
  if (behaviour.statics?.canPlay && !behaviour.statics.canPlay(g)) return false;
  return canPay(g, c.side, playCost(g, uid));
}

/**
 * Plays an operation or event: pay, reveal into the play area, resolve, then it goes to
 * Archives or the heap (a run event stays in the play area until its run is complete).
 */
export function playCard(g: Game, uid: string): void {
  const c = card(g, uid);
  const cost = playCost(g, uid);
  pay(g, c.side, cost);
  moveCard(g, uid, { zone: 'play' }, { faceUp: true });
  log(g, c.side, `${c.side === 'corp' ? 'Corp' : 'Runner'} plays {0}${paid(cost)}.`, [
    { uid, seenBy: PUBLIC },
  ]);
  behaviourOf(c.code)?.play?.(g, uid);
  queueRule(g, { r: 'finish-play', card: uid });
}

export function finishPlay(g: Game, uid: string): void {
  const c = card(g, uid);
  if (c.loc.zone !== 'play') return;
  moveCard(g, uid, { zone: c.side === 'corp' ? 'archives' : 'heap' }, { faceUp: true });
}
