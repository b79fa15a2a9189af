import { cardByCode, parseDecklist, validateDeck, type DeckError } from '@veil/netrunner/client';
import type { Side } from './catalog.js';

/**
 * A pasted decklist ("3 Hedge Fund" lines, the text NetrunnerDB exports) checked in the browser
 * with the game's own parser and deckbuilding rules, before any room exists. The server checks
 * the same list again (docs/protocol.md, "Limits"); this only says what is wrong, line by line.
 */

/** What a room request carries for a pasted deck. */
export interface DeckListOption {
  readonly identity: string;
  readonly cards: readonly { readonly code: string; readonly count: number }[];
}

export interface DecklistProblem {
  /** 1-based line of the pasted text; absent for a problem of the whole list. */
  readonly line?: number;
  readonly message: string;
}

export type DecklistCheck =
  | { readonly ok: true; readonly deck: DeckListOption; readonly size: number }
  | { readonly ok: false; readonly problems: readonly DecklistProblem[] };

/** The bounds of a room request's deck list (docs/protocol.md, "Limits"). */
const MAX_DECK_CARDS = 100;

const SIDE_NAMES: Record<Side, string> = { corp: 'Corp', runner: 'Runner' };

/** Text as typed: straight quotes, one space, lower case (only to find a title on a line). */
function loose(text: string): string {
  return text
    .replace(/[ʼ’‘‛`´]/g, "'")
    .replace(/[“”„‟]/g, '"')
    .replace(/\s+/g, ' ')
    .toLowerCase();
}

/** The first line of the text that names this title, if any. */
function lineOf(lines: readonly string[], title: string): number | undefined {
  const wanted = loose(title);
  const index = lines.findIndex((line) => loose(line.replace(/#.*$/, '')).includes(wanted));
  return index < 0 ? undefined : index + 1;
}

/** The title a deckbuilding error is about, to find its line. */
function titleOf(error: DeckError): string | undefined {
  if (error.kind === 'over-deck-limit') return error.title;
  return 'code' in error ? cardByCode(error.code)?.title : undefined;
}

function atLine(line: number | undefined, message: string): DecklistProblem {
  return line === undefined ? { message } : { line, message: `Line ${line}: ${message}` };
}

/**
 * Lines of a NetrunnerDB text export that are about the list, not cards in it: a section heading
 * with its count (`Event (9)`, `Ice (12)`) and the summary at the end (`15 influence spent (max
 * 15, available 0)`, `45 cards (min 45)`, `20 agenda points (between 20 and 21)`, `Cards up to
 * System Gateway`).
 */
const EXPORT_NOTES = [
  /^[A-Za-z][A-Za-z -]*\s\(\d+\)$/,
  /^\d+ influence spent\b/i,
  /^\d+ cards \(/i,
  /^\d+ agenda points\b/i,
  /^cards up to\b/i,
];

/** The text with export notes blanked (so every other line keeps its number). */
function withoutExportNotes(text: string): string {
  return text
    .split(/\r?\n/)
    .map((line) => (EXPORT_NOTES.some((note) => note.test(line.trim())) ? '' : line))
    .join('\n');
}

/** Checks a pasted list for one side: readable, that side's identity, legal, within bounds. */
export function checkDecklist(pasted: string, side: Side): DecklistCheck {
  if (pasted.trim() === '') return { ok: false, problems: [{ message: 'Paste a decklist.' }] };
  const text = withoutExportNotes(pasted);
  const parsed = parseDecklist(text);
  if (!parsed.ok) {
    return {
      ok: false,
      problems: parsed.errors.map((e) => (e.line === undefined ? { message: e.message } : e)),
    };
  }
  const lines = text.split(/\r?\n/);
  const { deck } = parsed;
  const identity = cardByCode(deck.identity);
  if (identity && identity.side !== side) {
    const line = lineOf(lines, identity.title.split(': ')[0] ?? identity.title);
    const message = `'${identity.title}' is a ${SIDE_NAMES[identity.side]} identity; this deck is the ${SIDE_NAMES[side]}'s.`;
    return { ok: false, problems: [atLine(line, message)] };
  }
  const problems: DecklistProblem[] = [];
  const validation = validateDeck(deck);
  if (!validation.ok) {
    for (const error of validation.errors) {
      const title = titleOf(error);
      problems.push(atLine(title === undefined ? undefined : lineOf(lines, title), error.message));
    }
  }
  const size = deck.cards.reduce((sum, entry) => sum + entry.count, 0);
  if (size > MAX_DECK_CARDS) {
    problems.push({
      message: `The deck has ${size} cards; a room takes at most ${MAX_DECK_CARDS}.`,
    });
  }
  if (problems.length > 0) {
    // In the order of the pasted lines, whole-list problems last.
    problems.sort((a, b) => (a.line ?? Infinity) - (b.line ?? Infinity));
    return { ok: false, problems };
  }
  return { ok: true, deck: { identity: deck.identity, cards: deck.cards }, size };
}
