import { typeOf } from '../facts.js';
import { log, PUBLIC } from '../state/log.js';
import { card } from '../state/zones.js';
import type { Game } from '../state/types.js';
import { rezCost } from './costs.js';
import { canPay, pay } from './credits.js';
import { paid } from './credit-text.js';
import { enforceCorpUnique } from './install.js';
import { fire } from './tasks.js';

export function isInstalledCorpCard(g: Game, uid: string): boolean {
  const c = g.cards[uid];
  return !!c && c.side === 'corp' && (c.loc.zone === 'ice' || c.loc.zone === 'root');
}

/** Whether the Corp could rez this installed card now, cost-wise (timing is the caller's). */
export function canRez(g: Game, uid: string): boolean {
  const c = g.cards[uid];
  if (!c || !isInstalledCorpCard(g, uid) || c.rezzed) return false;
  if (!['ice', 'asset', 'upgrade'].includes(typeOf(c.code))) return false;
  return canPay(g, 'corp', rezCost(g, uid));
}

/** Rezzes a card (paying its rez cost unless `free`), turning it faceup and active. */
export function rezCard(g: Game, uid: string, options: { free?: boolean } = {}): void {
  const c = card(g, uid);
  const cost = options.free ? 0 : rezCost(g, uid);
  pay(g, 'corp', cost);
  c.rezzed = true;
  c.faceUp = true;
  log(g, 'corp', `Corp rezzes {0}${paid(cost)}.`, [{ uid, seenBy: PUBLIC }]);
  enforceCorpUnique(g, uid);
  fire(g, { e: 'rez', card: uid });
}

export function derezCard(g: Game, uid: string): void {
  const c = card(g, uid);
  c.rezzed = false;
  c.faceUp = false;
  log(g, null, '{0} is derezzed.', [{ uid, seenBy: PUBLIC }]);
}
