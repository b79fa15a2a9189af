import { behaviourOf } from '../cards/registry.js';
import { typeOf } from '../facts.js';
import { log } from '../state/log.js';
import { card } from '../state/zones.js';
import type { Game } from '../state/types.js';
import { serverLabel } from './install.js';
import { isInstalledCorpCard } from './rez.js';
import { fire } from './tasks.js';

/** Agendas can always be advanced; other installed cards only if their text says so. */
export function isAdvanceable(g: Game, uid: string): boolean {
  if (!isInstalledCorpCard(g, uid)) return false;
  const code = card(g, uid).code;
  return typeOf(code) === 'agenda' || behaviourOf(code)?.statics?.advanceable === true;
}

export function advancementsOn(g: Game, uid: string): number {
  return card(g, uid).counters.advancement ?? 0;
}

/** Places advancement counters without advancing (no "when you advance" trigger). */
export function placeAdvancements(g: Game, uid: string, n: number): void {
  const c = card(g, uid);
  c.counters = { ...c.counters, advancement: (c.counters.advancement ?? 0) + n };
}

/**
 * Advancing: one advancement counter, and "whenever you advance" abilities trigger. `cost` ends
 * the line (` (−1[credit])` for the basic action).
 */
export function advanceCard(g: Game, uid: string, cost = ''): void {
  const hadCounters = advancementsOn(g, uid) > 0;
  placeAdvancements(g, uid, 1);
  const c = card(g, uid);
  const where = 'server' in c.loc ? serverLabel(c.loc.server) : '';
  log(g, 'corp', `Corp advances {0} in ${where}${cost}.`, [{ uid, hidden: 'a card' }]);
  fire(g, { e: 'advance', card: uid, hadCounters });
}
