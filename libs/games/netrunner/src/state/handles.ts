import { nextUint32 } from '@veil/engine';
import { cardAccess, cardsForReading, ownCardOf, type CardAccess } from './draft.js';
import { handleCountsOf, knownHandleCounts, type HandleCounts } from './handle-index.js';
import { HandleSet } from './handle-set.js';
import { VIEWERS, type CardState, type Game, type Location, type Viewer } from './types.js';

/**
 * Opaque per-viewer handles. Every card has one handle per viewer; a view names the card by
 * the viewer's handle only (never by `uid`). A handle is a fresh draw from `handleRng` — a
 * stream of its own, seeded once from the game PRNG, so the handles a viewer sees say nothing
 * about shuffles or random accesses. A card's handle for a viewer changes whenever the card
 * enters, leaves or is shuffled within a zone that viewer cannot see, so a hidden card cannot
 * be tracked; while a card stays visible to a viewer its handle stays put.
 */

/** Whether `viewer` may see the identity of a card at `loc` with the given face state. */
export function visibleAt(
  loc: Location,
  face: { rezzed: boolean; faceUp: boolean },
  viewer: Viewer,
): boolean {
  switch (loc.zone) {
    case 'hq':
      return viewer === 'corp';
    case 'rd':
    case 'stack':
      return false;
    case 'archives':
      return face.faceUp || viewer === 'corp';
    case 'grip':
      return viewer === 'runner';
    case 'ice':
    case 'root':
      return face.rezzed || face.faceUp || viewer === 'corp';
    default:
      return true;
  }
}

export function canSee(card: CardState, viewer: Viewer): boolean {
  return card.peek.includes(viewer) || visibleAt(card.loc, card, viewer);
}

/** Lets `viewer` look at these cards where they lie (a search), until `endPeek`. */
export function peekAt(g: Game, uids: readonly string[], viewer: Viewer): void {
  for (const uid of uids) {
    const c = g.cards[uid];
    if (c && !c.peek.includes(viewer)) c.peek = [...c.peek, viewer];
  }
}

export function endPeek(g: Game, uids: readonly string[]): void {
  for (const uid of uids) {
    const c = g.cards[uid];
    if (c && c.peek.length > 0) c.peek = [];
  }
}

/** Every handle is `h` and 7 base-36 digits (a uint32 fits in 7). */
const HANDLE_LENGTH = 8;

/** Where a viewer's handle starts in a card's packed `handles`. */
const OFFSET: Readonly<Record<Viewer, number>> = {
  corp: 0,
  runner: HANDLE_LENGTH,
  spectator: 2 * HANDLE_LENGTH,
};

/**
 * The packed form of three handles. `join` builds one flat string; `+` would build a tree of
 * parts that costs more memory than the string itself.
 */
export function packHandles(corp: string, runner: string, spectator: string): string {
  return [corp, runner, spectator].join('');
}

/** The card's handle for `viewer`. */
export function cardHandle(card: CardState, viewer: Viewer): string {
  const at = OFFSET[viewer];
  return card.handles.slice(at, at + HANDLE_LENGTH);
}

function holdsHandle(card: CardState, viewer: Viewer, handle: string): boolean {
  return card.handles.startsWith(handle, OFFSET[viewer]);
}

/**
 * A fresh handle is checked against the handle index of the card record it goes into (see
 * handle-index.ts) instead of a scan of every card. The index is built on first need and kept
 * current by `setHandles`, the one writer of `card.handles` in a game under way (setup,
 * compaction and the determinizer build new records). A call that draws many handles (a zone
 * re-handled) looks the record and its index up once (`Rehandling`).
 */
interface Rehandling {
  readonly cards: CardAccess;
  readonly index: HandleCounts;
}

function rehandling(g: Game): Rehandling {
  const cards = cardAccess(g);
  return { cards, index: handleCountsOf(g.decks, cards.record) };
}

function countsIn(r: Rehandling, viewer: Viewer): HandleSet {
  let counts = r.index[viewer];
  if (!counts) {
    counts = new HandleSet();
    for (const c of Object.values(r.cards.record)) counts.add(cardHandle(c, viewer));
    r.index[viewer] = counts;
  }
  return counts;
}

function freshIn(g: Game, r: Rehandling, viewer: Viewer): string {
  const counts = countsIn(r, viewer);
  let handle = drawHandle(g);
  while (counts.has(handle)) handle = drawHandle(g);
  return handle;
}

/** Draws a handle not used by any other card for this viewer. */
export function freshHandle(g: Game, viewer: Viewer): string {
  return freshIn(g, rehandling(g), viewer);
}

/** Sets a card's handles (packed), keeping the index of the record it is in current. */
export function setHandles(g: Game, card: CardState, handles: string): void {
  setHandlesIn(knownHandleCounts(g.decks, cardsForReading(g)), card, handles);
}

function setHandlesIn(counts: HandleCounts | undefined, card: CardState, handles: string): void {
  if (counts) {
    for (const viewer of VIEWERS) {
      const viewerCounts = counts[viewer];
      if (!viewerCounts) continue;
      const at = OFFSET[viewer];
      const handle = handles.slice(at, at + HANDLE_LENGTH);
      const old = card.handles.slice(at, at + HANDLE_LENGTH);
      if (old === handle) continue;
      viewerCounts.delete(old);
      viewerCounts.add(handle);
    }
  }
  card.handles = handles;
}

function drawHandle(g: Game): string {
  const [a, next] = nextUint32(g.handleRng);
  g.handleRng = next;
  return handleText(a);
}

/**
 * `h` and `a` (a uint32) as 7 base-36 digits, zero-padded: the same text as
 * `'h' + a.toString(36).padStart(7, '0')`, made as one flat string by one `fromCharCode`
 * (handles are drawn by the dozen when a zone is shuffled; general number formatting, and a
 * string grown digit by digit, showed up in profiles).
 */
export function handleText(a: number): string {
  return String.fromCharCode(
    H_CODE,
    digit(a, 6),
    digit(a, 5),
    digit(a, 4),
    digit(a, 3),
    digit(a, 2),
    digit(a, 1),
    digit(a, 0),
  );
}

/** The character code of `a`'s base-36 digit of 36^place. */
function digit(a: number, place: number): number {
  const q = Math.floor(a / (PLACES[place] as number));
  // `q - ⌊q / 36⌋ * 36` rather than `q % 36`, a slow float modulo for numbers above 2^31.
  return DIGIT_CODES[q - Math.floor(q / 36) * 36] as number;
}

const H_CODE = 'h'.charCodeAt(0);
const DIGIT_CODES: readonly number[] = Array.from('0123456789abcdefghijklmnopqrstuvwxyz', (c) =>
  c.charCodeAt(0),
);
const PLACES: readonly number[] = [1, 36, 36 ** 2, 36 ** 3, 36 ** 4, 36 ** 5, 36 ** 6];

/** Gives the card a new handle for each of `viewers`. */
export function rotateHandles(g: Game, uid: string, viewers: readonly Viewer[]): void {
  if (viewers.length === 0) return;
  const r = rehandling(g);
  const card = ownCardOf(r.cards, uid);
  if (card) rotateCardHandles(g, r, card, viewers);
}

/** `rotateHandles` for a card already taken from the draft (each read of it costs). */
function rotateCardHandles(
  g: Game,
  r: Rehandling,
  card: CardState,
  viewers: readonly Viewer[],
): void {
  if (viewers.length === 0) return;
  // Each viewer's draw is checked against that viewer's handles only (the card's old one
  // included, as before any change), so the three are drawn first and set together.
  let corp = cardHandle(card, 'corp');
  let runner = cardHandle(card, 'runner');
  let spectator = cardHandle(card, 'spectator');
  for (const viewer of viewers) {
    const fresh = freshIn(g, r, viewer);
    if (viewer === 'corp') corp = fresh;
    else if (viewer === 'runner') runner = fresh;
    else spectator = fresh;
  }
  setHandlesIn(r.index, card, packHandles(corp, runner, spectator));
}

/** Viewers who cannot see `card` where it is now. */
export function blindViewers(card: CardState): Viewer[] {
  return VIEWERS.filter((v) => !canSee(card, v));
}

/** Re-handles every card of a zone for every viewer who cannot see it (after a shuffle). */
export function rotateZone(g: Game, uids: readonly string[]): void {
  if (uids.length === 0) return;
  const r = rehandling(g);
  for (const uid of uids) {
    const card = ownCardOf(r.cards, uid);
    if (card) rotateCardHandles(g, r, card, blindViewers(card));
  }
}

/** The card a seat names by `handle`, if that seat has such a handle. */
export function uidOfHandle(g: Game, viewer: Viewer, handle: string): string | undefined {
  for (const card of Object.values(cardsForReading(g)))
    if (holdsHandle(card, viewer, handle)) return card.uid;
  return undefined;
}

export function handleOf(g: Game, uid: string, viewer: Viewer): string {
  // Read only: the plain record, so that naming a card does not copy it.
  const card = cardsForReading(g)[uid];
  if (!card) throw new Error(`no card ${uid}`);
  return cardHandle(card, viewer);
}
