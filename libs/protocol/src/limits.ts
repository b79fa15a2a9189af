/**
 * Every bound the wire schemas enforce, in one place so that docs, the gateway's transport
 * limits (socket.io `maxHttpBufferSize`, NATS `max_payload`) and tests agree. Sizes are UTF-8
 * bytes of the JSON text; lengths are characters.
 */

/** Identifiers used in NATS subjects and as record keys: room ids, seats, game ids, node ids. */
export const MAX_TOKEN_LENGTH = 64;

/** Client-chosen idempotency key of an `act` or `policy` request. */
export const MAX_REQUEST_ID_LENGTH = 64;

/** A seat's secret token (opaque; base64/base64url/hex all fit). */
export const MIN_SEAT_TOKEN_LENGTH = 16;
export const MAX_SEAT_TOKEN_LENGTH = 256;

/** Nesting depth of any JSON value on the wire (a primitive has depth 0, `{}` depth 1). */
export const MAX_JSON_DEPTH = 32;

/** One action, from a client or a bot. */
export const MAX_ACTION_BYTES = 4096;

/** One seat's (or the spectators') projection of a room. */
export const MAX_VIEW_BYTES = 1024 * 1024;

/** Game-specific room options passed through to the game module. */
export const MAX_GAME_OPTIONS_BYTES = 4096;

/** One redacted log entry, and how many of them one `log` event carries. */
export const MAX_LOG_ENTRY_BYTES = 4096;
export const MAX_LOG_ENTRIES = 5000;

/** Legal actions sent to a bot in one AI request. */
export const MAX_LEGAL_ACTIONS = 5000;

/** Seats in one room (Netrunner has 2, Dune 6). */
export const MAX_SEATS = 16;

/**
 * A deck list in a room's game options: distinct card entries, copies of one card, and cards in
 * all (a game's own deckbuilding rules may allow fewer).
 */
export const MAX_DECK_ENTRIES = 200;
export const MAX_CARD_COPIES = 99;
export const MAX_DECK_CARDS = 100;

/** Room creations one client (by address) may start at once, and how many a minute after. */
export const ROOM_CREATION_BURST = 20;
export const ROOM_CREATIONS_PER_MINUTE = 30;

/** Rooms in one `GET /api/rooms` answer. */
export const MAX_ROOM_LIST = 500;

/** Rooms in one `veil.gateway.presence` message (a gateway sends more as several). */
export const MAX_PRESENCE_ROOMS = 500;

/** How long a gateway's word on its seats may hold before it must be said again. */
export const MIN_PRESENCE_TTL_MS = 1_000;
export const MAX_PRESENCE_TTL_MS = 600_000;

/** Turns a spectator may be held behind the live game. */
export const MAX_SPECTATOR_DELAY_TURNS = 10;

/** A room seed given by the creator (a number or a string). */
export const MAX_SEED_LENGTH = 128;

/** Games one AI worker's announcement lists (`veil.ai.workers`). */
export const MAX_AI_GAMES = 64;

/** How long an AI worker's announcement holds before it must be said again. */
export const MIN_AI_ANNOUNCEMENT_TTL_MS = 1_000;
export const MAX_AI_ANNOUNCEMENT_TTL_MS = 600_000;
