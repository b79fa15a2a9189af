import { titleOf } from '../facts.js';
import type { LogEntry, LoggedCard, VisibleLogEntry } from '../state/log-types.js';
import type { Viewer } from '../state/types.js';

/**
 * What a viewer reads of a log entry: a card it saw is named by title; one it did not see by
 * its hidden description (`1 card from HQ`, `a piece of ice`). `{*}` lists all the entry's
 * cards in one phrase: the seen ones by title, the others counted (`Sure Gamble and 2 cards`),
 * so that drawing five cards is one line. Entries limited to some viewers are `null` for the
 * others.
 */
export function logView(entry: LogEntry, viewer: Viewer): VisibleLogEntry | null {
  if (entry.only && !entry.only.includes(viewer)) return null;
  const cards: { code: string; title: string }[] = [];
  const name = (card: LoggedCard): string => {
    const title = titleOf(card.code);
    cards.push({ code: card.code, title });
    return title;
  };
  const text = entry.text.replace(/\{(\d+|\*)\}/g, (_, index: string) => {
    if (index === '*') return listPhrase(entry.cards, viewer, name);
    const card = entry.cards[Number(index)];
    if (!card) return '';
    return card.seenBy.includes(viewer) ? name(card) : card.hidden;
  });
  return { seq: entry.seq, turn: entry.turn, side: entry.side, text, cards };
}

/** `A, B and 2 cards`: titles of the cards `viewer` saw, then a count of the others. */
function listPhrase(
  all: readonly LoggedCard[],
  viewer: Viewer,
  name: (card: LoggedCard) => string,
): string {
  const seen = all.filter((c) => c.seenBy.includes(viewer)).map(name);
  const unseen = all.length - seen.length;
  const parts = unseen > 0 ? [...seen, `${unseen} card${unseen === 1 ? '' : 's'}`] : seen;
  if (parts.length <= 1) return parts[0] ?? 'no cards';
  return `${parts.slice(0, -1).join(', ')} and ${parts.at(-1)}`;
}
