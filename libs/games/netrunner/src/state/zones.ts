import {
  cardOf,
  writableCorpZone,
  writableRunnerZone,
  writableServer,
  writableServers,
} from './draft.js';
import { canSee, rotateHandles, rotateZone } from './handles.js';
import { entering, followsDeparture, leaving } from './memory.js';
import {
  VIEWERS,
  type CardState,
  type Game,
  type Location,
  type ServerId,
  type Viewer,
} from './types.js';

/**
 * The ordered array that holds the cards of a location, to change: the draft's own copy (see
 * `writableServer`, `writableCorpZone`).
 */
export function zoneArray(g: Game, loc: Location): string[] {
  switch (loc.zone) {
    case 'hq':
    case 'rd':
    case 'archives':
      return writableCorpZone(g, loc.zone);
    case 'grip':
    case 'stack':
    case 'heap':
    case 'rig':
      return writableRunnerZone(g, loc.zone);
    case 'ice':
      return writableServerOf(g, loc.server).ice;
    case 'root':
      return writableServerOf(g, loc.server).root;
    case 'scored':
      return loc.side === 'corp' ? writableCorpZone(g, 'scored') : writableRunnerZone(g, 'scored');
    case 'play':
      return g.playArea;
    case 'removed':
      return g.removed;
    case 'identity':
      return [];
  }
}

export function serverOf(g: Game, id: ServerId) {
  const server = g.servers[id];
  if (!server) throw new Error(`no server ${id}`);
  return server;
}

/** `serverOf` for changing its ice or root (a draft's own copy). */
export function writableServerOf(g: Game, id: ServerId) {
  const server = writableServer(g, id);
  if (!server) throw new Error(`no server ${id}`);
  return server;
}

export function card(g: Game, uid: string): CardState {
  const c = cardOf(g, uid);
  if (!c) throw new Error(`no card ${uid}`);
  return c;
}

/**
 * The Corp's installed cards: root then ice, server by server. A plain loop (`flatMap` is slow
 * in V8, and legal listings ask for this several times).
 */
export function installedCorpCards(g: Game): string[] {
  const out: string[] = [];
  for (const id of g.serverOrder) {
    const s = g.servers[id];
    if (!s) continue;
    for (const uid of s.root) out.push(uid);
    for (const uid of s.ice) out.push(uid);
  }
  return out;
}

/** Zones whose order is private to blind viewers: any membership change re-handles them all. */
function isUnorderedHidden(loc: Location): boolean {
  return loc.zone === 'hq' || loc.zone === 'grip' || loc.zone === 'archives';
}

export function isInstalledLoc(loc: Location): boolean {
  return loc.zone === 'ice' || loc.zone === 'root' || loc.zone === 'rig';
}

export interface MoveOptions {
  /** Where in the destination array: `top` is index 0 (R&D, stack), default is the end. */
  readonly at?: 'top' | 'bottom' | number;
  /** Face state at the destination (Archives faceup/facedown, installed faceup). */
  readonly faceUp?: boolean;
  readonly rezzed?: boolean;
}

/**
 * Moves a card between locations: the only writer of zone arrays and `card.loc`. Leaving play
 * resets the card (counters, rez state, host); handles change for every viewer who could not
 * see the card before or after, and a hidden unordered zone that gains or loses a card is
 * re-handled as a whole for its blind viewers.
 */
export function moveCard(g: Game, uid: string, to: Location, options: MoveOptions = {}): void {
  const c = card(g, uid);
  const from = c.loc;
  // A card remembered among others of HQ or the grip is not followed out (state/memory.ts).
  const seenBefore = VIEWERS.filter((v) => followsDeparture(c, from, v));
  const fromArray = zoneArray(g, from);
  const index = fromArray.indexOf(uid);
  if (index >= 0) fromArray.splice(index, 1);
  if (index >= 0) leaving(g, c, from, index, fromArray);

  const staysInstalled = isInstalledLoc(from) && isInstalledLoc(to);
  if (!staysInstalled) {
    c.counters = {};
    c.host = null;
    c.installedTurn = isInstalledLoc(to) ? g.turn : null;
    c.noScoreTurn = null;
    c.used = {};
  }
  c.peek = [];
  c.rezzed = options.rezzed ?? (staysInstalled ? c.rezzed : false);
  c.faceUp = options.faceUp ?? defaultFaceUp(to, c);
  c.loc = to;

  const toArray = zoneArray(g, to);
  const at = options.at ?? 'bottom';
  if (typeof at === 'number') entering(g, to, at, toArray);
  if (at === 'top') toArray.unshift(uid);
  else if (at === 'bottom') toArray.push(uid);
  else toArray.splice(at, 0, uid);

  // Hidden before or after the move, for this viewer: the card must not be trackable.
  const changed: Viewer[] = VIEWERS.filter((v) => !seenBefore.includes(v) || !canSee(c, v));
  rotateHandles(g, uid, changed);
  if (isUnorderedHidden(from)) rotateZone(g, fromArray);
  if (isUnorderedHidden(to))
    rotateZone(
      g,
      toArray.filter((u) => u !== uid),
    );
}

function defaultFaceUp(to: Location, c: CardState): boolean {
  switch (to.zone) {
    case 'heap':
    case 'rig':
    case 'scored':
    case 'play':
    case 'removed':
    case 'identity':
      return true;
    case 'archives':
      return false;
    case 'ice':
    case 'root':
      return c.side === 'runner';
    default:
      return false;
  }
}

/** Turns a card faceup or facedown where it is (Archives on breach; rez/derez in place). */
export function setFace(g: Game, uid: string, face: { faceUp?: boolean; rezzed?: boolean }): void {
  const c = card(g, uid);
  if (face.faceUp !== undefined) c.faceUp = face.faceUp;
  if (face.rezzed !== undefined) c.rezzed = face.rezzed;
}

/**
 * A remote server with no cards in its root and no ice ceases to exist. Checked when the work
 * queue empties with nothing pending (so an install into a server whose cards it trashes
 * keeps it), and never for the server under attack until its run is complete (see docs).
 */
export function pruneEmptyRemotes(g: Game): void {
  // A removal below replaces `g.serverOrder` (a filtered copy): the loop goes on over the old one.
  for (const id of g.serverOrder) {
    const s = g.servers[id];
    if (!s || !id.startsWith('remote')) continue;
    if (s.ice.length === 0 && s.root.length === 0 && g.run?.server !== id) {
      delete writableServers(g)[id];
      g.serverOrder = g.serverOrder.filter((x) => x !== id);
    }
  }
}
