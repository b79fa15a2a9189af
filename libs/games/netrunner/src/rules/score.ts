import { writableMemory } from '../state/draft.js';
import { facts } from '../facts.js';
import { log, PUBLIC } from '../state/log.js';
import { card, moveCard } from '../state/zones.js';
import type { Game } from '../state/types.js';
import { advancementsOn } from './advance.js';
import { checkAgendaWin } from './agenda-points.js';
import { fire } from './tasks.js';

/** An installed agenda whose advancement requirement is met, and scoring is not forbidden. */
export function canScore(g: Game, uid: string): boolean {
  const c = g.cards[uid];
  if (!c || c.side !== 'corp' || c.loc.zone !== 'root') return false;
  const f = facts(c.code);
  if (f.type !== 'agenda') return false;
  if (g.memory.corpCannotScore || c.noScoreTurn === g.turn) return false;
  return advancementsOn(g, uid) >= (f.advancementCost ?? Infinity);
}

export function scoreAgenda(g: Game, uid: string): void {
  const advancements = advancementsOn(g, uid);
  const where = card(g, uid).loc;
  const from = where.zone === 'root' ? where.server : null;
  moveCard(g, uid, { zone: 'scored', side: 'corp' }, { faceUp: true });
  writableMemory(g).scoredPoints.push(facts(card(g, uid).code).agendaPoints ?? 0);
  log(g, 'corp', 'Corp scores {0}.', [{ uid, seenBy: PUBLIC }]);
  fire(g, { e: 'score', card: uid, advancements, from });
  checkAgendaWin(g);
}

export function stealAgenda(g: Game, uid: string): void {
  moveCard(g, uid, { zone: 'scored', side: 'runner' }, { faceUp: true });
  if (g.run) g.run.stole = true;
  log(g, 'runner', 'Runner steals {0}.', [{ uid, seenBy: PUBLIC }]);
  fire(g, { e: 'steal', card: uid });
  checkAgendaWin(g);
}
