import { cardByCode, STARTER_DECKS, type CardData } from '@veil/netrunner/client';

/**
 * The public card catalog, by code: titles and printed text for labels and hover text. The
 * client never learns a card's code from anywhere but the view it was sent (or the log), so
 * looking the code up here reveals nothing the viewer could not see.
 */

export type Side = 'corp' | 'runner';

export function card(code: string | undefined): CardData | undefined {
  return code === undefined ? undefined : cardByCode(code);
}

export function titleOf(code: string | undefined): string | undefined {
  return card(code)?.title;
}

const SYMBOLS: Record<string, string> = {
  credit: '¢',
  click: 'click',
  recurring: '↻¢',
  mu: 'MU',
  link: 'link',
  subroutine: '↳',
  trash: 'trash',
  interrupt: 'interrupt',
};

/** `[credit]` → `¢` and the like, nothing else touched. */
export function symbols(text: string): string {
  return text.replace(/\[([a-z-]+)\]/g, (m, name: string) => SYMBOLS[name] ?? m);
}

/** The printed text as plain text: symbols spelled out, list items bulleted, tags dropped. */
export function plainText(text: string): string {
  return symbols(text)
    .replace(/<li>/g, '\n• ')
    .replace(/<\/?(?:ul|ol)>/g, '\n')
    .replace(/<br\s*\/?>/g, '\n')
    .replace(/<[^>]*>/g, '')
    .replace(/&amp;/g, '&')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/\n{2,}/g, '\n')
    .trim();
}

/** One line about the card: type, subtypes, cost and the figures that matter. */
export function cardLine(c: CardData): string {
  const type = c.type.charAt(0).toUpperCase() + c.type.slice(1);
  const parts = [c.subtypes.length > 0 ? `${type}: ${c.subtypes.join(' - ')}` : type];
  if (c.cost !== null) parts.push(`cost ${c.cost}¢`);
  if (c.strength !== undefined) parts.push(`strength ${c.strength}`);
  if (c.memoryCost !== undefined) parts.push(`${c.memoryCost} MU`);
  if (c.advancementCost !== undefined) parts.push(`advance ${c.advancementCost}`);
  if (c.agendaPoints !== undefined) parts.push(`${c.agendaPoints} agenda point(s)`);
  if (c.trashCost !== undefined) parts.push(`trash ${c.trashCost}¢`);
  return parts.join(' · ');
}

export interface DeckChoice {
  readonly id: string;
  readonly name: string;
  readonly side: Side;
  readonly identity: string;
}

/** The starter decks (public lists) of one side, tutorial decks first. */
export function decksFor(side: Side): DeckChoice[] {
  return STARTER_DECKS.flatMap((deck) => {
    const identity = cardByCode(deck.identity);
    if (!identity || identity.side !== side) return [];
    return [{ id: deck.id, name: deck.name, side, identity: identity.title }];
  });
}
