import { z } from 'zod';
import {
  boundedJsonObject,
  boundedJsonValue,
  type OpaqueJson,
  type OpaqueJsonObject,
} from './json.js';
import {
  MAX_ACTION_BYTES,
  MAX_GAME_OPTIONS_BYTES,
  MAX_LOG_ENTRY_BYTES,
  MAX_REQUEST_ID_LENGTH,
  MAX_SEAT_TOKEN_LENGTH,
  MAX_SEED_LENGTH,
  MAX_TOKEN_LENGTH,
  MAX_VIEW_BYTES,
  MIN_SEAT_TOKEN_LENGTH,
} from './limits.js';

/**
 * The scalar vocabulary shared by every message: identifiers, versions, request ids, bot
 * levels, and the game-defined JSON payloads (actions, views, log entries) with their bounds.
 * Game-defined payloads are checked as plain JSON but typed opaquely (see `OpaqueJson`).
 */

/**
 * A token that is safe inside a NATS subject and as an object key: letters, digits, `-`, `_`.
 * No `.` (subject separator), `*` / `>` (wildcards) or spaces, so a subject built from it can
 * never address another room. `__proto__` is excluded because, as a key, it would replace an
 * object's prototype instead of adding a property.
 */
export const SAFE_TOKEN_PATTERN = new RegExp(`^[A-Za-z0-9_-]{1,${MAX_TOKEN_LENGTH}}$`);

export function isSafeToken(value: unknown): value is string {
  return typeof value === 'string' && SAFE_TOKEN_PATTERN.test(value) && value !== '__proto__';
}

/** The viewer name of the public projection; no seat may take it. */
export const SPECTATOR = 'spectator';

export const safeTokenSchema = z
  .string()
  .refine(isSafeToken, { message: 'must be 1-64 letters, digits, "-" or "_"' });

export const roomIdSchema = safeTokenSchema;
export const gameIdSchema = safeTokenSchema;
/** A game node's id, as it appears in room leases. */
export const nodeIdSchema = safeTokenSchema;
/** A gateway process's id, as it names itself in seat presence (`veil.gateway.presence`). */
export const gatewayIdSchema = safeTokenSchema;
/** A gateway's id for one client connection (e.g. a socket.io socket id). */
export const connectionIdSchema = safeTokenSchema;
export const seatSchema = safeTokenSchema.refine((s) => s !== SPECTATOR, {
  message: `"${SPECTATOR}" is not a seat`,
});
export const viewerSchema = z.union([seatSchema, z.literal(SPECTATOR)]);

/** A room's version: the number of actions committed since creation. */
export const versionSchema = z.int().min(0);

/** Milliseconds since the Unix epoch (a deadline). */
export const epochMsSchema = z.int().min(0);

/** Client-chosen idempotency key: printable ASCII without spaces, so it logs safely. */
export const requestIdSchema = z
  .string()
  .regex(new RegExp(`^[\\x21-\\x7e]{1,${MAX_REQUEST_ID_LENGTH}}$`), {
    message: `must be 1-${MAX_REQUEST_ID_LENGTH} printable ASCII characters`,
  });

/** A seat's secret, opaque to clients: base64, base64url, hex and similar encodings fit. */
export const seatTokenSchema = z
  .string()
  .regex(new RegExp(`^[A-Za-z0-9_.~+/=-]{${MIN_SEAT_TOKEN_LENGTH},${MAX_SEAT_TOKEN_LENGTH}}$`), {
    message: 'not a seat token',
  });

/** Bot levels, weakest first (docs/architecture.md, "The parts"). */
export const BOT_LEVELS = ['random', 'greedy', 'ismcts', 'expert'] as const;
export const botLevelSchema = z.enum(BOT_LEVELS);

/**
 * A seat's standing policy for a kind of reaction window (docs/privacy.md); a `policy` request
 * sends `null` to clear the seat's own choice.
 */
export const STANDING_POLICIES = ['auto-pass', 'stop'] as const;
export const standingPolicySchema = z.enum(STANDING_POLICIES);

/** A reaction window kind, e.g. `rez`, `paid_ability`: game-defined, never in a subject. */
export const windowKindSchema = z
  .string()
  .regex(new RegExp(`^[A-Za-z0-9_.:-]{1,${MAX_TOKEN_LENGTH}}$`), {
    message: 'not a window kind',
  });

/** A seed for a room's or a bot's PRNG, as the engine takes it (number or string). */
export const seedSchema = z.union([z.int(), z.string().min(1).max(MAX_SEED_LENGTH)]);

/** One action: a JSON object of at most MAX_ACTION_BYTES; its meaning is the game's. */
export const actionSchema = boundedJsonObject<OpaqueJsonObject>({ maxBytes: MAX_ACTION_BYTES });

/** One viewer's projection: game-defined JSON of at most MAX_VIEW_BYTES. */
export const viewSchema = boundedJsonValue<OpaqueJson>({ maxBytes: MAX_VIEW_BYTES });

/** One entry of a viewer's redacted log. */
export const logEntrySchema = boundedJsonValue<OpaqueJson>({ maxBytes: MAX_LOG_ENTRY_BYTES });

/** Game-specific room options, passed to the game module as they are. */
export const gameOptionsSchema = boundedJsonObject<OpaqueJsonObject>({
  maxBytes: MAX_GAME_OPTIONS_BYTES,
});

export type RoomId = z.infer<typeof roomIdSchema>;
export type GameId = z.infer<typeof gameIdSchema>;
export type NodeId = z.infer<typeof nodeIdSchema>;
export type ConnectionId = z.infer<typeof connectionIdSchema>;
export type Seat = z.infer<typeof seatSchema>;
export type ViewerName = z.infer<typeof viewerSchema>;
export type Version = z.infer<typeof versionSchema>;
export type RequestId = z.infer<typeof requestIdSchema>;
export type SeatToken = z.infer<typeof seatTokenSchema>;
export type BotLevel = z.infer<typeof botLevelSchema>;
export type StandingPolicy = z.infer<typeof standingPolicySchema>;
export type WindowKind = z.infer<typeof windowKindSchema>;
export type Seed = z.infer<typeof seedSchema>;
export type ActionJson = z.infer<typeof actionSchema>;
export type ViewJson = z.infer<typeof viewSchema>;
export type LogEntryJson = z.infer<typeof logEntrySchema>;
export type GameOptionsJson = z.infer<typeof gameOptionsSchema>;
