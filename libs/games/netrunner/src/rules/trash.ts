import { behaviourOf } from '../cards/registry.js';
import { cardsForReading } from '../state/draft.js';
import { visibleAt } from '../state/handles.js';
import { card, moveCard } from '../state/zones.js';
import type { Game, Side } from '../state/types.js';
import { fire } from './tasks.js';
import { adjustRunForLeavingIce } from './run-position.js';

export interface TrashOptions {
  /** The Runner is trashing the card it is accessing (faceup in Archives; Loup). */
  readonly accessing?: boolean;
}

/**
 * Trashes a card: Corp cards go to Archives — faceup if the Runner trashed it or the Runner
 * could already see it, facedown otherwise — and Runner cards to the heap. Hosted cards go
 * with their host (a program on trashed ice is trashed too).
 */
export function trashCard(g: Game, uid: string, by: Side, options: TrashOptions = {}): void {
  const c = card(g, uid);
  for (const hosted of Object.values(cardsForReading(g)).filter((h) => h.host === uid)) {
    trashCard(g, hosted.uid, by);
  }
  if (c.loc.zone === 'ice') adjustRunForLeavingIce(g, uid);
  const persistent = behaviourOf(c.code)?.statics?.persistent === true;
  if (persistent && options.accessing && by === 'runner' && c.rezzed && g.run) {
    g.run.mods.persistent.push(uid);
  }
  if (c.side === 'corp') {
    // Faceup if the Runner sees it where it lies — not if it only remembers it (state/memory.ts).
    const faceUp = by === 'runner' || visibleAt(c.loc, c, 'runner');
    moveCard(g, uid, { zone: 'archives' }, { faceUp });
  } else {
    moveCard(g, uid, { zone: 'heap' });
  }
  fire(g, { e: 'trash', card: uid, by, accessing: options.accessing ?? false });
}
