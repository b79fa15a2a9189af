import type { IncomingMessage, ServerResponse } from 'node:http';
import {
  createRoomRequestSchema,
  ERROR_HTTP_STATUS,
  isSafeToken,
  joinSeatRequestSchema,
  protocolError,
  type CreateRoomCommand,
  type CreateRoomResponse,
  type ErrorCode,
  type Replay,
  type RoomSeat,
} from '@veil/protocol';
import { checkBotLevels, type BotLevels } from './bot-levels.js';
import { clientAddress } from './client-address.js';
import { GatewayError, toProtocolError } from './errors.js';
import type { Logger } from '@veil/log';
import type { GatewayMetrics } from './metrics.js';
import type { NodeClient } from './node-client.js';
import { ClientBuckets } from './rate-limit.js';
import type { RoomDirectory } from './room-directory.js';
import type { StaticFiles } from './static-files.js';
import { hashSeatToken, newRoomId, newSeatToken, seatTokenMatches } from './tokens.js';

/** Largest request body the lobby API reads (a room request with explicit decks fits easily). */
export const DEFAULT_MAX_BODY_BYTES = 64 * 1024;

export interface HttpApiDeps {
  readonly nodes: NodeClient;
  readonly rooms: RoomDirectory;
  readonly metrics: GatewayMetrics;
  /** Whether `GET /metrics` is served here (false: it has its own port, and this is a 404). */
  readonly publicMetrics: boolean;
  readonly logger: Logger;
  readonly staticFiles: StaticFiles | null;
  readonly maxBodyBytes: number;
  /** The bot levels the AI workers serve: offered by `/api/bots`, the only ones a room gets. */
  readonly botLevels?: BotLevels;
  /**
   * Room creations and seat claims per client address (`rate_limited` when a client's bucket is
   * empty).
   */
  readonly roomCreations: ClientBuckets;
  /** Replays per client address (default: 20 at once, then 10 a second). */
  readonly replays?: ClientBuckets;
  /** Proxies in front that append to `X-Forwarded-For` (`client-address.ts`; default 0). */
  readonly trustedProxies?: number;
  /** Whether the gateway is shutting down (health turns 503). */
  readonly draining: () => boolean;
}

const ROOM_PATH = /^\/api\/rooms\/([^/]+)$/;
const REPLAY_PATH = /^\/api\/rooms\/([^/]+)\/replay$/;
const SEAT_PATH = /^\/api\/rooms\/([^/]+)\/seats\/([^/]+)$/;

/**
 * The lobby API (docs/protocol.md) on plain node:http. Every error answer is
 * `{error: {code, message}}` with the code's fixed message and HTTP status.
 */
export function createHttpHandler(deps: HttpApiDeps) {
  const replays = deps.replays ?? new ClientBuckets();
  return async (req: IncomingMessage, res: ServerResponse): Promise<void> => {
    const url = new URL(req.url ?? '/', 'http://gateway.invalid');
    const path = url.pathname;
    let route = 'other';
    try {
      if (path === '/healthz') {
        route = 'healthz';
        onlyMethods(req, ['GET', 'HEAD']);
        if (deps.draining()) sendJson(res, 503, { status: 'draining' });
        else sendJson(res, 200, { status: 'ok' });
      } else if (path === '/metrics') {
        route = 'metrics';
        // Served on their own port: a plain 404 here, not the web client's page.
        if (!deps.publicMetrics) return sendError(res, 'bad_request', 404);
        onlyMethods(req, ['GET']);
        const body = await deps.metrics.registry.metrics();
        res.writeHead(200, { 'content-type': deps.metrics.registry.contentType });
        res.end(body);
      } else if (path === '/api/bots') {
        route = 'bots';
        onlyMethods(req, ['GET']);
        await deps.botLevels?.warm();
        sendJson(res, 200, { games: deps.botLevels?.all() ?? {} });
      } else if (path === '/api/rooms') {
        route = 'rooms';
        if (req.method === 'POST') await createRoom(deps, req, res);
        else {
          onlyMethods(req, ['GET']);
          const limit = Number(url.searchParams.get('limit') ?? '50');
          const rooms = await deps.rooms.list(Number.isInteger(limit) && limit > 0 ? limit : 50);
          sendJson(res, 200, { rooms });
        }
      } else if (ROOM_PATH.test(path)) {
        route = 'room';
        onlyMethods(req, ['GET']);
        const roomId = decodePathSegment(ROOM_PATH.exec(path)?.[1] ?? '');
        if (!isSafeToken(roomId)) throw new GatewayError('room_not_found');
        const summary = await deps.rooms.summary(roomId);
        if (!summary) throw new GatewayError('room_not_found');
        sendJson(res, 200, summary);
      } else if (REPLAY_PATH.test(path)) {
        route = 'replay';
        onlyMethods(req, ['GET']);
        if (!replays.take(clientAddress(req, deps.trustedProxies ?? 0)))
          throw new GatewayError('rate_limited');
        const roomId = decodePathSegment(REPLAY_PATH.exec(path)?.[1] ?? '');
        sendJson(res, 200, await replay(deps, roomId, url.searchParams, req));
      } else if (SEAT_PATH.test(path)) {
        route = 'seat';
        onlyMethods(req, ['POST']);
        const [, roomId = '', seat = ''] = SEAT_PATH.exec(path) ?? [];
        await joinSeat(deps, decodePathSegment(roomId), decodePathSegment(seat), req, res);
      } else if (deps.staticFiles && (req.method === 'GET' || req.method === 'HEAD')) {
        route = 'static';
        if (!(await deps.staticFiles.serve(path, req, res))) sendError(res, 'bad_request', 404);
      } else {
        sendError(res, 'bad_request', 404);
      }
    } catch (error) {
      if (!(error instanceof GatewayError)) {
        deps.logger.error('http request failed', { route, error });
      }
      const status = error instanceof MethodNotAllowed ? 405 : undefined;
      if (!res.headersSent) sendError(res, toProtocolError(error).code, status);
      else res.destroy();
    } finally {
      deps.metrics.httpRequests.inc({ route, status: String(res.statusCode) });
    }
  };
}

async function createRoom(deps: HttpApiDeps, req: IncomingMessage, res: ServerResponse) {
  if (!deps.roomCreations.take(clientAddress(req, deps.trustedProxies ?? 0))) {
    req.resume();
    throw new GatewayError('rate_limited');
  }
  const body = await readJsonBody(req, deps.maxBodyBytes);
  const parsed = createRoomRequestSchema.safeParse(body);
  if (!parsed.success) throw new GatewayError('bad_request');
  const request = parsed.data;
  await checkBotLevels(deps.botLevels, request);
  const roomId = newRoomId();
  const seats: Record<string, RoomSeat> = {};
  const tokens: CreateRoomResponse['seats'] = {};
  for (const [seat, config] of Object.entries(request.seats)) {
    if (config.type === 'bot') {
      seats[seat] = { kind: 'bot', level: config.level };
    } else if (config.open) {
      // No token yet: the first player to join the seat brings its own (`joinSeat`).
      seats[seat] = { kind: 'human', tokenHash: null };
    } else {
      const token = newSeatToken();
      tokens[seat] = { token };
      seats[seat] = { kind: 'human', tokenHash: hashSeatToken(token) };
    }
  }
  const command: CreateRoomCommand = {
    roomId,
    game: request.game,
    seats,
    options: request.options,
  };
  const reply = await deps.nodes.createRoom(command);
  if (!reply.ok) throw new GatewayError(reply.error.code);
  deps.metrics.roomsCreated.inc();
  deps.logger.info('room created', { roomId: reply.roomId, game: request.game });
  const response: CreateRoomResponse = { roomId: reply.roomId, seats: tokens };
  sendJson(res, 201, response);
}

/**
 * `POST /api/rooms/:id/seats/:seat` (docs/protocol.md, "Joining an open seat"): takes a human seat
 * the creator left open, with the token the player drew; the first claim wins, and the others
 * get `seat_taken` with nothing changed. Anyone with the room's id may join: a private room's
 * open seat is reached by its link only, since the room is never listed.
 */
async function joinSeat(
  deps: HttpApiDeps,
  roomId: string,
  seat: string,
  req: IncomingMessage,
  res: ServerResponse,
): Promise<void> {
  if (!deps.roomCreations.take(clientAddress(req, deps.trustedProxies ?? 0))) {
    req.resume();
    throw new GatewayError('rate_limited');
  }
  const body = await readJsonBody(req, deps.maxBodyBytes);
  if (!isSafeToken(roomId)) throw new GatewayError('room_not_found');
  const parsed = joinSeatRequestSchema.safeParse(body);
  if (!parsed.success || !isSafeToken(seat)) throw new GatewayError('bad_request');
  const meta = await deps.rooms.meta(roomId);
  if (!meta) throw new GatewayError('room_not_found');
  if (meta.seats[seat]?.kind !== 'human') throw new GatewayError('bad_request');
  const tokenHash = hashSeatToken(parsed.data.token);
  const claimed = await deps.rooms.claimSeat(roomId, seat, tokenHash);
  if (claimed === 'taken') throw new GatewayError('seat_taken');
  if (claimed === 'closed') throw new GatewayError('game_over');
  if (claimed === 'not_found') throw new GatewayError('room_not_found');
  deps.logger.info('seat joined', { roomId, seat });
  sendJson(res, 200, { roomId, seat });
}

/** A version query: decimal digits only, at most 9 of them (a room's versions fit). */
const VERSION_QUERY = /^[0-9]{1,9}$/;
const BEARER = /^Bearer ([A-Za-z0-9_-]{1,64})$/;

/**
 * `GET /api/rooms/:id/replay[?version=N][&as=<seat>]` (docs/protocol.md, "Replay"): who may
 * watch the room may replay it, as the spectators or as any seat saw it — anyone in a room open to spectators, else a seat's token
 * (`authorization: Bearer <token>`). The node answers only for finished rooms.
 */
async function replay(
  deps: HttpApiDeps,
  roomId: string,
  query: URLSearchParams,
  req: IncomingMessage,
): Promise<Replay> {
  if (!isSafeToken(roomId)) throw new GatewayError('room_not_found');
  const asked = query.get('version');
  if (asked !== null && !VERSION_QUERY.test(asked)) throw new GatewayError('bad_request');
  const viewer = query.get('as');
  if (viewer !== null && !isSafeToken(viewer)) throw new GatewayError('bad_request');
  const meta = await deps.rooms.meta(roomId);
  if (!meta) throw new GatewayError('room_not_found');
  if (!meta.spectators) {
    const header = req.headers.authorization;
    if (header === undefined) throw new GatewayError('forbidden');
    const token = BEARER.exec(header)?.[1];
    const seat =
      token === undefined
        ? undefined
        : Object.values(meta.seats).find(
            (s) =>
              s.kind === 'human' && s.tokenHash !== null && seatTokenMatches(token, s.tokenHash),
          );
    if (seat === undefined) throw new GatewayError('unauthorized');
  }
  const reply = await deps.nodes.replay({
    roomId,
    ...(asked === null ? {} : { version: Number(asked) }),
    ...(viewer === null ? {} : { viewer }),
  });
  if (!reply.ok) throw new GatewayError(reply.error.code);
  const { ok: _ok, ...answer } = reply;
  return answer;
}

class MethodNotAllowed extends GatewayError {
  constructor() {
    super('bad_request');
  }
}

function onlyMethods(req: IncomingMessage, methods: readonly string[]): void {
  if (!methods.includes(req.method ?? '')) throw new MethodNotAllowed();
}

/** A path segment's `%`-escapes decoded; a malformed one is the client's mistake (`bad_request`). */
function decodePathSegment(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    throw new GatewayError('bad_request');
  }
}

/** `application/json`, with no charset or UTF-8 (the only encoding JSON has on the wire). */
const JSON_CONTENT_TYPE = /^application\/json\s*(;\s*charset\s*=\s*"?utf-8"?\s*)?$/i;

/**
 * Reads at most `maxBytes` of a JSON body (`content-type: application/json`) and parses it:
 * `payload_too_large` over the limit, `bad_request` for another content type or malformed JSON.
 */
export async function readJsonBody(req: IncomingMessage, maxBytes: number): Promise<unknown> {
  const declared = Number(req.headers['content-length']);
  if (Number.isFinite(declared) && declared > maxBytes) {
    req.resume();
    throw new GatewayError('payload_too_large');
  }
  if (!JSON_CONTENT_TYPE.test(req.headers['content-type'] ?? '')) {
    req.resume();
    throw new GatewayError('bad_request');
  }
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    const buffer = chunk as Buffer;
    size += buffer.length;
    if (size > maxBytes) {
      req.resume();
      throw new GatewayError('payload_too_large');
    }
    chunks.push(buffer);
  }
  try {
    return JSON.parse(Buffer.concat(chunks).toString('utf8')) as unknown;
  } catch {
    throw new GatewayError('bad_request');
  }
}

export function sendJson(res: ServerResponse, status: number, body: unknown): void {
  const text = JSON.stringify(body);
  res.writeHead(status, {
    'content-type': 'application/json; charset=utf-8',
    'content-length': Buffer.byteLength(text),
    'cache-control': 'no-store',
  });
  res.end(text);
}

export function sendError(res: ServerResponse, code: ErrorCode, status?: number): void {
  if (code === 'payload_too_large' || code === 'bad_request') res.setHeader('connection', 'close');
  sendJson(res, status ?? ERROR_HTTP_STATUS[code], { error: protocolError(code) });
}
