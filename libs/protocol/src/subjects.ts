import { isSafeToken, SPECTATOR } from './fields.js';

/**
 * NATS subject names (docs/protocol.md). Every token that comes from outside (room id, seat, game) is
 * checked against the safe-token pattern, so a subject built from user input can never gain a
 * `.` (another level), `*` or `>` (a wildcard) and reach another room's traffic.
 */

export type SubjectTokenField = 'roomId' | 'seat' | 'game';

/** Thrown for an unsafe subject token. The message names the field, never the value. */
export class SubjectTokenError extends Error {
  override readonly name = 'SubjectTokenError';
  constructor(readonly field: SubjectTokenField) {
    super(`${field} is not a safe NATS subject token`);
  }
}

function token(field: SubjectTokenField, value: string): string {
  if (!isSafeToken(value)) throw new SubjectTokenError(field);
  return value;
}

/** Commands for one room, request/reply to the node that owns it. */
export function roomCmdSubject(roomId: string): string {
  return `veil.room.${token('roomId', roomId)}.cmd`;
}

/** One viewer's views of one room: a seat's, or the public one for spectators. */
export function roomViewSubject(roomId: string, viewer: string): string {
  const last = viewer === SPECTATOR ? SPECTATOR : token('seat', viewer);
  return `veil.room.${token('roomId', roomId)}.view.${last}`;
}

/** Every viewer's views of one room (a gateway serving several viewers of it). */
/** A viewer's chat lines: under its view subject, so the same NATS permissions cover them. */
export function roomChatSubject(roomId: string, viewer: string): string {
  return `${roomViewSubject(roomId, viewer)}.chat`;
}

/** Every view and chat publication of a room (what a gateway with sockets there hears). */
export function roomViewTree(roomId: string): string {
  return `veil.room.${token('roomId', roomId)}.view.>`;
}

export function roomViewWildcard(roomId: string): string {
  return `veil.room.${token('roomId', roomId)}.view.*`;
}

/** Load or claim a room no node runs; answered by one game node of the queue group. */
export const ROOMS_PLACE_SUBJECT = 'veil.rooms.place';
/**
 * `veil.rooms.create` (queue group of game nodes): the gateway asks one game node to set a room
 * up. The node runs the game's setup, stores the room with its first snapshot and starts running
 * it. Seat tokens never travel here: only their hashes, which the store keeps.
 */
export const ROOMS_CREATE_SUBJECT = 'veil.rooms.create';

/** Bot move requests for one game, answered by one AI worker of the queue group. */
export function aiRequestSubject(game: string): string {
  return `veil.ai.${token('game', game)}.request`;
}

/**
 * Gateways tell each other which human seats they hold a socket for (publish/subscribe among
 * gateways, no queue group): a room summary's `connected` is the union of what every live
 * gateway said (`gateway-presence.ts`).
 */
export const GATEWAY_PRESENCE_SUBJECT = 'veil.gateway.presence';

/**
 * AI workers say which games and bot levels they serve (`ai-workers.ts`); gateways listen, so
 * the lobby offers those levels and room creation refuses any other.
 */
export const AI_WORKERS_SUBJECT = 'veil.ai.workers';
/** A listener has started and knows nothing yet: every worker says what it serves at once. */
export const AI_WORKERS_HELLO_SUBJECT = 'veil.ai.workers.hello';

export const AI_QUEUE_GROUP = 'ai-workers';
export const GAME_NODES_QUEUE_GROUP = 'game-nodes';

/** Wildcard forms of every subject, for NATS permissions (infra/nats) and monitoring. */
export const SUBJECT_PATTERNS = {
  roomCmd: 'veil.room.*.cmd',
  roomView: 'veil.room.*.view.*',
  roomsPlace: ROOMS_PLACE_SUBJECT,
  roomsCreate: ROOMS_CREATE_SUBJECT,
  aiRequest: 'veil.ai.*.request',
  aiWorkers: AI_WORKERS_SUBJECT,
  aiWorkersHello: AI_WORKERS_HELLO_SUBJECT,
  gatewayPresence: GATEWAY_PRESENCE_SUBJECT,
} as const;

export type RoomSubject =
  | { readonly kind: 'cmd'; readonly roomId: string }
  | { readonly kind: 'view'; readonly roomId: string; readonly viewer: string }
  | { readonly kind: 'chat'; readonly roomId: string; readonly viewer: string };

/** The inverse of `roomCmdSubject` / `roomViewSubject`; `null` for any other subject. */
export function parseRoomSubject(subject: string): RoomSubject | null {
  const parts = subject.split('.');
  const [veil, room, roomId, kind, viewer] = parts;
  if (veil !== 'veil' || room !== 'room' || !isSafeToken(roomId)) return null;
  if (parts.length === 4 && kind === 'cmd') return { kind: 'cmd', roomId };
  if (parts.length === 5 && kind === 'view' && isSafeToken(viewer)) {
    return { kind: 'view', roomId, viewer };
  }
  if (parts.length === 6 && kind === 'view' && isSafeToken(viewer) && parts[5] === 'chat') {
    return { kind: 'chat', roomId, viewer };
  }
  return null;
}
