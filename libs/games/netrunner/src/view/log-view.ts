import { titleOf } from '../facts.js';
import type { LogEntry, VisibleLogEntry } from '../state/log-types.js';
import type { Viewer } from '../state/types.js';

/**
 * What a viewer reads of a log entry: a card it saw is named by title; one it did not see by
 * its hidden description (`1 card from HQ`, `a piece of ice`). Entries limited to some viewers
 * are `null` for the others.
 */
export function logView(entry: LogEntry, viewer: Viewer): VisibleLogEntry | null {
  if (entry.only && !entry.only.includes(viewer)) return null;
  const cards: { code: string; title: string }[] = [];
  const text = entry.text.replace(/\{(\d+)\}/g, (_, index: string) => {
    const card = entry.cards[Number(index)];
    if (!card) return '';
    if (!card.seenBy.includes(viewer)) return card.hidden;
    const title = titleOf(card.code);
    cards.push({ code: card.code, title });
    return title;
  });
  return { seq: entry.seq, turn: entry.turn, side: entry.side, text, cards };
}
