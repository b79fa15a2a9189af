import { shuffle } from '@veil/engine';
import { log, PUBLIC } from '../state/log.js';
import type { Game } from '../state/types.js';
import { winGame } from './outcome.js';
import { trashCard } from './trash.js';

export type DamageKind = 'net' | 'meat' | 'core';

/**
 * Deals damage to the Runner: that many cards of the grip, chosen at random without
 * replacement, are trashed at once. More damage than cards in the grip flatlines the Runner.
 * Core damage also lowers the maximum hand size by 1 per point. Returns the trashed cards.
 */
export function dealDamage(g: Game, kind: DamageKind, n: number): string[] {
  if (n <= 0) return [];
  const inGrip = g.runner.grip.length;
  const [order, rng] = shuffle(g.rng, g.runner.grip);
  g.rng = rng;
  const chosen = order.slice(0, Math.min(n, inGrip));
  log(g, 'corp', `The Runner suffers ${n} ${kind} damage.`);
  for (const uid of chosen) {
    trashCard(g, uid, 'corp');
    log(g, null, 'Damage trashes {0} from the grip.', [{ uid, seenBy: PUBLIC }]);
  }
  if (kind === 'core') g.runner.coreDamage += n;
  if (n > inGrip) winGame(g, 'corp', 'flatline');
  return chosen;
}
