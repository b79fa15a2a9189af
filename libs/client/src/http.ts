import {
  botLevelsResponseSchema,
  createRoomResponseSchema,
  joinSeatResponseSchema,
  replayOkSchema,
  roomListSchema,
  roomSummarySchema,
  type BotLevelsResponse,
  type CreateRoomRequestInput,
  type CreateRoomResponse,
  type Replay,
  type RoomSummary,
} from '@veil/protocol';
import type { z } from 'zod';
import { errorCodeOf, VeilError } from './errors.js';

/** Options of every lobby call: a `fetch` to use (default the global one). */
export interface HttpOptions {
  readonly fetch?: typeof fetch;
  readonly signal?: AbortSignal;
}

/** `POST /api/rooms`: creates a room; the answer holds one token per human seat. */
export function createRoom(
  url: string,
  request: CreateRoomRequestInput,
  options: HttpOptions = {},
): Promise<CreateRoomResponse> {
  return call(url, '/api/rooms', createRoomResponseSchema, options, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(request),
  });
}

/**
 * `POST /api/rooms/:id/seats/:seat`: takes an open seat with `token`, which the caller drew
 * (`newSeatToken`) and keeps; `seat_taken` when someone was first (docs/protocol.md).
 */
export async function joinSeat(
  url: string,
  roomId: string,
  seat: string,
  token: string,
  options: HttpOptions = {},
): Promise<void> {
  const path = `/api/rooms/${encodeURIComponent(roomId)}/seats/${encodeURIComponent(seat)}`;
  await call(url, path, joinSeatResponseSchema, options, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ token }),
  });
}

/** `GET /api/rooms`: public summaries, newest first. */
export async function listRooms(url: string, options: HttpOptions = {}): Promise<RoomSummary[]> {
  const list = await call(url, '/api/rooms', roomListSchema, options);
  return list.rooms;
}

/** `GET /api/bots`: for each game, the bot levels the AI workers serve now (weakest first). */
export function botLevels(url: string, options: HttpOptions = {}): Promise<BotLevelsResponse> {
  return call(url, '/api/bots', botLevelsResponseSchema, options);
}

/** `GET /api/rooms/:id`: one room's public summary (`room_not_found` if there is none). */
export function getRoom(
  url: string,
  roomId: string,
  options: HttpOptions = {},
): Promise<RoomSummary> {
  return call(url, `/api/rooms/${encodeURIComponent(roomId)}`, roomSummarySchema, options);
}

export interface ReplayOptions extends HttpOptions {
  /** The version to show (default: the last). */
  readonly version?: number;
  /** Whose view: a seat, or `spectator` (the default). */
  readonly viewer?: string;
  /** A seat's token: needed in a room closed to spectators. */
  readonly token?: string;
}

/**
 * `GET /api/rooms/:id/replay`: a finished room's public view and log at a version, replayed by
 * the server from the stored events (docs/protocol.md, "Replay").
 */
export function getReplay(
  url: string,
  roomId: string,
  options: ReplayOptions = {},
): Promise<Replay> {
  const params = new URLSearchParams();
  if (options.version !== undefined) params.set('version', String(options.version));
  if (options.viewer !== undefined) params.set('as', options.viewer);
  const query = params.toString() ? `?${params.toString()}` : '';
  const path = `/api/rooms/${encodeURIComponent(roomId)}/replay${query}`;
  const init = options.token ? { headers: { authorization: `Bearer ${options.token}` } } : {};
  return call(url, path, replayOkSchema.omit({ ok: true }), options, init);
}

async function call<S extends z.ZodType>(
  base: string,
  path: string,
  schema: S,
  options: HttpOptions,
  init: RequestInit = {},
): Promise<z.infer<S>> {
  const doFetch = options.fetch ?? fetch;
  let response: Response;
  try {
    response = await doFetch(new URL(path, base), {
      ...init,
      ...(options.signal ? { signal: options.signal } : {}),
    });
  } catch {
    throw new VeilError('unavailable');
  }
  let body: unknown;
  try {
    body = await response.json();
  } catch {
    throw new VeilError(response.ok ? 'internal' : 'unavailable', response.status);
  }
  if (!response.ok) {
    const error = (body as { error?: unknown } | null)?.error;
    throw new VeilError(errorCodeOf(error), response.status);
  }
  const parsed = schema.safeParse(body);
  if (!parsed.success) throw new VeilError('internal', response.status);
  return parsed.data;
}
