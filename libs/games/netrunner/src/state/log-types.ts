import type { Side, Viewer } from './types.js';

/** A card named in a log entry, with what each viewer could see of it at that moment. */
export interface LoggedCard {
  readonly code: string;
  /** Viewers who saw the card's identity when the entry was written. */
  readonly seenBy: readonly Viewer[];
  /** What a viewer who did not see it reads instead, e.g. `1 card from HQ`. */
  readonly hidden: string;
}

/**
 * One log line, with full information. `text` holds `{0}`, `{1}`… placeholders for `cards`;
 * `logView` fills them per viewer (title, or the hidden description). `only`, when set, limits
 * who learns of the entry at all (a private look).
 */
export interface LogEntry {
  readonly seq: number;
  readonly turn: number;
  readonly side: Side | null;
  readonly text: string;
  readonly cards: readonly LoggedCard[];
  readonly only?: readonly Viewer[];
}

/** What one viewer reads of a log entry. */
export interface VisibleLogEntry {
  readonly seq: number;
  readonly turn: number;
  readonly side: Side | null;
  readonly text: string;
  /** The cards named by title in `text`, for card text on hover. */
  readonly cards: readonly { readonly code: string; readonly title: string }[];
}
