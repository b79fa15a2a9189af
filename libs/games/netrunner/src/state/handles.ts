import { nextUint32 } from '@veil/engine';
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

/** Draws a handle not used by any other card for this viewer. */
export function freshHandle(g: Game, viewer: Viewer): string {
  for (;;) {
    const [a, next] = nextUint32(g.handleRng);
    g.handleRng = next;
    const handle = `h${a.toString(36).padStart(7, '0')}`;
    if (!Object.values(g.cards).some((c) => c.handles[viewer] === handle)) return handle;
  }
}

/** Gives the card a new handle for each of `viewers`. */
export function rotateHandles(g: Game, uid: string, viewers: readonly Viewer[]): void {
  const card = g.cards[uid];
  if (!card) return;
  for (const viewer of viewers)
    card.handles = { ...card.handles, [viewer]: freshHandle(g, viewer) };
}

/** Viewers who cannot see `card` where it is now. */
export function blindViewers(card: CardState): Viewer[] {
  return VIEWERS.filter((v) => !canSee(card, v));
}

/** Re-handles every card of a zone for every viewer who cannot see it (after a shuffle). */
export function rotateZone(g: Game, uids: readonly string[]): void {
  for (const uid of uids) {
    const card = g.cards[uid];
    if (card) rotateHandles(g, uid, blindViewers(card));
  }
}

/** The card a seat names by `handle`, if that seat has such a handle. */
export function uidOfHandle(g: Game, viewer: Viewer, handle: string): string | undefined {
  for (const card of Object.values(g.cards)) if (card.handles[viewer] === handle) return card.uid;
  return undefined;
}

export function handleOf(g: Game, uid: string, viewer: Viewer): string {
  const card = g.cards[uid];
  if (!card) throw new Error(`no card ${uid}`);
  return card.handles[viewer];
}
