import { cardOf, cardsForReading } from './draft.js';
import { rotateHandles, visibleAt } from './handles.js';
import { VIEWERS, type CardState, type Game, type Location, type Viewer } from './types.js';

/**
 * What a seat is entitled to remember (docs/games/netrunner.md, "Seat memory"): a card it has
 * legitimately seen that is still where it saw it — a card accessed and left on R&D, in HQ or
 * in a root; a card revealed into HQ or the grip. Memory is a `peek` that outlives the moment
 * (`canSee` honours it, so views, handles and the privacy harness treat it as sight), and it
 * ends as soon as it might no longer be true:
 *  - the card moves (`moveCard` clears its peeks);
 *  - a pile is shuffled (`shuffleDeck`);
 *  - a card leaves HQ, the grip or facedown Archives where the viewer cannot follow it: the
 *    viewer can no longer tell which card left, so it forgets every card there (`leaving`);
 *  - a card leaves R&D or the stack from below the top, or enters them in the middle: the
 *    positions it knew may have shifted by an amount it cannot see.
 */

/** Lets each viewer remember `uid` where it lies now (a no-op for one who sees it anyway). */
export function remember(g: Game, uid: string, viewers: readonly Viewer[]): void {
  const c = cardOf(g, uid);
  if (!c) return;
  const add = viewers.filter((v) => !visibleAt(c.loc, c, v) && !c.peek.includes(v));
  if (add.length > 0) c.peek = [...c.peek, ...add];
}

/**
 * `viewer` forgets `uid`. In a pile its handle for it changes here (it can no longer follow
 * the card); in HQ, the grip and Archives `moveCard` re-handles the whole zone for the blind.
 */
function forget(
  g: Game,
  cards: Readonly<Record<string, CardState>>,
  uid: string,
  viewer: Viewer,
  rotate: boolean,
): void {
  if (!cards[uid]?.peek.includes(viewer)) return;
  const c = cardOf(g, uid) as CardState;
  c.peek = c.peek.filter((v) => v !== viewer);
  if (rotate) rotateHandles(g, uid, [viewer]);
}

/** Every viewer forgets every card of a pile (it was shuffled). */
export function forgetAll(g: Game, uids: readonly string[]): void {
  // The plain record, looked up once: a pile is read card by card.
  const cards = cardsForReading(g);
  for (const uid of uids) {
    if ((cards[uid]?.peek.length ?? 0) > 0) (cardOf(g, uid) as CardState).peek = [];
  }
}

/** Zones whose order nobody but the owner sees: a departure cannot be told apart. */
function isUnordered(loc: Location): boolean {
  return loc.zone === 'hq' || loc.zone === 'grip' || loc.zone === 'archives';
}

function isPile(loc: Location): boolean {
  return loc.zone === 'rd' || loc.zone === 'stack';
}

/**
 * Whether `viewer` saw the card itself (not only from memory) before it moved: in HQ, the grip
 * or Archives a remembered card is one of several backs, so its departure is not followed.
 */
export function followsDeparture(c: CardState, from: Location, viewer: Viewer): boolean {
  return isUnordered(from)
    ? visibleAt(from, c, viewer)
    : c.peek.includes(viewer) || visibleAt(from, c, viewer);
}

/**
 * After `departed` left `from` (at `index` of its array, `rest` what stays): each viewer who
 * could not follow the departure forgets what it remembered there when the departure may have
 * changed it (see the header).
 */
export function leaving(
  g: Game,
  departed: CardState,
  from: Location,
  index: number,
  rest: readonly string[],
): void {
  const shifts = isUnordered(from) || (isPile(from) && index > 0);
  if (!shifts) return;
  // The plain record, looked up once (a draft's record stays the same object).
  const cards = cardsForReading(g);
  for (const viewer of VIEWERS) {
    if (isPile(from) && followsDeparture(departed, from, viewer)) continue;
    for (const uid of rest) forget(g, cards, uid, viewer, isPile(from));
  }
}

/** A card put into a pile neither on top nor at the bottom: positions below it shift. */
export function entering(g: Game, to: Location, at: number, rest: readonly string[]): void {
  if (!isPile(to) || at === 0 || at >= rest.length) return;
  const cards = cardsForReading(g);
  for (const viewer of VIEWERS) for (const uid of rest) forget(g, cards, uid, viewer, true);
}

/** Whether the seat other than `viewer` remembers this card of `viewer`'s own hidden zones. */
export function opponentRemembers(c: CardState, viewer: Viewer): boolean {
  if (viewer === 'spectator') return false;
  return c.peek.includes(viewer === 'corp' ? 'runner' : 'corp');
}
