import { CARDS } from '../catalog/index.js';
import type { CardData } from '../catalog/index.js';
import type { Deck } from './deck.js';

export type DecklistErrorKind =
  | 'unknown-title'
  | 'missing-count'
  | 'bad-count'
  | 'identity-count'
  | 'second-identity'
  | 'missing-identity';

export interface DecklistError {
  readonly kind: DecklistErrorKind;
  /** 1-based line of the list; absent for an error about the whole list. */
  readonly line?: number;
  readonly message: string;
}

export type DecklistParse =
  | { readonly ok: true; readonly deck: Deck }
  | { readonly ok: false; readonly errors: readonly DecklistError[] };

export interface DecklistMeta {
  /** Defaults to `'custom'`. */
  readonly id?: string;
  /** Defaults to the identity's title. */
  readonly name?: string;
}

/** `3 Hedge Fund`, `3x Hedge Fund`, `3 x Hedge Fund`, `3× Hedge Fund`. */
const COUNTED_LINE = /^(\d+)(?:\s*[xX×])?\s+(.+)$/;
/** A trailing product note some exports add: `Hedge Fund (System Gateway)`. */
const PRODUCT_NOTE = /\s*\([^()]*\)$/;

/** Typed text uses straight quotes where titles print curly ones (`Tomorrowʼs Headline`). */
function straighten(text: string): string {
  return text
    .replace(/[ʼ’‘‛`´]/g, "'")
    .replace(/[“”„‟]/g, '"')
    .replace(/\s+/g, ' ')
    .trim();
}

/** Loosest form of a title, only to suggest the intended card in an error. */
function fold(text: string): string {
  return straighten(text).normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();
}

/** The catalog by a title read through `form`, built once (read only afterwards). */
function titleIndex(form: (title: string) => string): ReadonlyMap<string, CardData> {
  const index = new Map<string, CardData>();
  for (const card of CARDS) {
    index.set(form(card.title), card);
    // An identity is also known by its name alone: `René "Loup" Arcemont` for the full title.
    const colon = card.title.indexOf(': ');
    if (card.type === 'identity' && colon > 0) index.set(form(card.title.slice(0, colon)), card);
  }
  return index;
}

const byTitle = titleIndex(straighten);
const byFoldedTitle = titleIndex(fold);

function lookUp(title: string): CardData | undefined {
  return byTitle.get(straighten(title)) ?? byTitle.get(straighten(title.replace(PRODUCT_NOTE, '')));
}

/**
 * Reads a plain-text decklist: one card per line as `3 Hedge Fund` or `3x Hedge Fund`, and the
 * identity on a line of its own by title (full title, or an identity's name before the colon).
 * Blank lines and `#` comments are ignored. Titles match exactly, except that straight quotes
 * and apostrophes stand for the curly ones titles print. The result is a deck to check with
 * `validateDeck`; this only reads the list.
 */
export function parseDecklist(text: string, meta: DecklistMeta = {}): DecklistParse {
  const errors: DecklistError[] = [];
  const counts = new Map<string, number>();
  let identity: { readonly card: CardData; readonly line: number } | undefined;

  text.split(/\r?\n/).forEach((raw, index) => {
    const line = index + 1;
    const content = raw.replace(/#.*$/, '').trim();
    if (content === '') return;
    const counted = COUNTED_LINE.exec(content);
    const count = counted?.[1] === undefined ? undefined : Number(counted[1]);
    const title = counted?.[2] ?? content;
    const card = lookUp(title);

    if (card === undefined) {
      const likely = byFoldedTitle.get(fold(title.replace(PRODUCT_NOTE, '')));
      const hint = likely === undefined ? '' : `; did you mean '${likely.title}'?`;
      errors.push({
        kind: 'unknown-title',
        line,
        message: `Line ${line}: no card is titled '${title}'${hint}`,
      });
    } else if (card.type === 'identity') {
      if (count !== undefined && count !== 1) {
        errors.push({
          kind: 'identity-count',
          line,
          message: `Line ${line}: ${count} copies of the identity '${card.title}'; a deck has exactly one.`,
        });
      } else if (identity !== undefined) {
        errors.push({
          kind: 'second-identity',
          line,
          message: `Line ${line}: a second identity, '${card.title}'; line ${identity.line} already names '${identity.card.title}'.`,
        });
      } else {
        identity = { card, line };
      }
    } else if (count === undefined) {
      errors.push({
        kind: 'missing-count',
        line,
        message: `Line ${line}: '${card.title}' has no count; write it as '1 ${card.title}'.`,
      });
    } else if (count < 1) {
      errors.push({
        kind: 'bad-count',
        line,
        message: `Line ${line}: count ${count} for '${card.title}'; a count is at least 1.`,
      });
    } else {
      counts.set(card.code, (counts.get(card.code) ?? 0) + count);
    }
  });

  if (identity === undefined) {
    errors.push({
      kind: 'missing-identity',
      message:
        "The list names no identity; add a line with its title, such as 'The Catalyst: Convention Breaker'.",
    });
  }
  if (identity === undefined || errors.length > 0) return { ok: false, errors };
  return {
    ok: true,
    deck: {
      id: meta.id ?? 'custom',
      name: meta.name ?? identity.card.title,
      identity: identity.card.code,
      cards: [...counts].map(([code, count]) => ({ code, count })),
    },
  };
}
