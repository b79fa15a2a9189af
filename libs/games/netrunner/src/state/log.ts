import { cardsForReading, writableLog } from './draft.js';
import { canSee } from './handles.js';
import type { LoggedCard } from './log-types.js';
import { VIEWERS, type Game, type Side, type Viewer } from './types.js';

/** A card to name in a log line: by uid, with optional overrides of who saw it. */
export interface LogCardArg {
  readonly uid: string;
  /** Default: the viewers who can see the card where it is now. */
  readonly seenBy?: readonly Viewer[];
  /** Default `1 card`. */
  readonly hidden?: string;
}

/**
 * Appends a log line with full information; `logView` redacts it per viewer. `{0}`, `{1}`…
 * in `text` stand for `cards[0]`, `cards[1]`…
 */
export function log(
  g: Game,
  side: Side | null,
  text: string,
  cards: readonly LogCardArg[] = [],
  only?: readonly Viewer[],
): void {
  // Read only: the plain record, so that naming a card does not copy it.
  const record = cardsForReading(g);
  const logged: LoggedCard[] = cards.map((arg) => {
    const c = record[arg.uid];
    if (!c) throw new Error(`log: no card ${arg.uid}`);
    return {
      code: c.code,
      seenBy: arg.seenBy ?? VIEWERS.filter((v) => canSee(c, v)),
      hidden: arg.hidden ?? '1 card',
    };
  });
  // Append-only: a draft shares the log of the game it copies until it writes a line.
  const seq = g.log.length + 1;
  // Two literals rather than a conditional spread (slow in V8); `only` last either way.
  writableLog(g).push(
    only
      ? { seq, turn: g.turn, side, text, cards: logged, only }
      : { seq, turn: g.turn, side, text, cards: logged },
  );
}

/** Everyone saw it: the card was public when named. */
export const PUBLIC: readonly Viewer[] = VIEWERS;
