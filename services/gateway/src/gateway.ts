import { createServer, type Server as HttpServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Bus } from '@veil/bus';
import type { RoomStore } from '@veil/store';
import { ROOM_CREATION_BURST, ROOM_CREATIONS_PER_MINUTE } from '@veil/protocol';
import { Server } from 'socket.io';
import { BotLevels, type BotLevelsOptions } from './bot-levels.js';
import { createHttpHandler, DEFAULT_MAX_BODY_BYTES } from './http-api.js';
import { silentLogger, type Logger } from '@veil/log';
import { GatewayMetrics } from './metrics.js';
import { NodeClient, type NodeClientOptions } from './node-client.js';
import { RoomMoves } from './room-moves.js';
import { ClientBuckets, type ClientBucketsOptions, type RateLimitOptions } from './rate-limit.js';
import { RoomDirectory } from './room-directory.js';
import { SeatPresence, type SeatPresenceOptions } from './seat-presence.js';
import { SocketHub } from './socket-hub.js';
import { StaticFiles } from './static-files.js';
import { tolerantParser } from './tolerant-parser.js';

/** Largest socket.io message (engine.io `maxHttpBufferSize`); a larger one closes the transport. */
export const DEFAULT_MAX_SOCKET_MESSAGE_BYTES = 64 * 1024;

export interface GatewayOptions {
  /** The bus to the game nodes (NATS, or the in-process bus of the embedded default). */
  readonly bus: Bus;
  /** The room store, read for token hashes and lobby summaries; the gateway never writes it. */
  readonly store: RoomStore;
  /** TCP port; 0 picks a free one (default 3000). */
  readonly port?: number;
  /** Interface to listen on (default all). */
  readonly host?: string;
  readonly logger?: Logger;
  /** Per-socket token bucket (default 20 at once, 10 per second). */
  readonly rateLimit?: RateLimitOptions;
  /**
   * Room creations per client address (default ROOM_CREATION_BURST at once, then
   * ROOM_CREATIONS_PER_MINUTE a minute).
   */
  readonly roomCreationLimit?: ClientBucketsOptions;
  /** Replay requests per client address (default 20 at once, then 10 a second). */
  readonly replayLimit?: ClientBucketsOptions;
  /**
   * How many proxies in front of the gateway append to `X-Forwarded-For`: a client's address is
   * read from that header only then (`client-address.ts`; default 0, the connecting address).
   */
  readonly trustedProxies?: number;
  /** Rate-limited requests in a row after which a socket is disconnected (default 100). */
  readonly abuseLimit?: number;
  /** Open sockets one client address may hold on this gateway (default 100). */
  readonly socketsPerAddress?: number;
  readonly maxBodyBytes?: number;
  readonly maxSocketMessageBytes?: number;
  readonly nodeClient?: NodeClientOptions;
  /** A built web client to serve (e.g. `services/web/dist`); only if the directory exists. */
  readonly webDir?: string | null;
  /** Allowed browser origins for socket.io (CORS); default same-origin only. */
  readonly corsOrigins?: string[];
  /**
   * This gateway's name among gateways and how often it tells them which seats it holds (for
   * the summaries' `connected`; default a random name, every 10 s).
   */
  readonly presence?: SeatPresenceOptions;
  /** How the gateway learns the bot levels the AI workers serve (`bot-levels.ts`). */
  readonly botLevels?: BotLevelsOptions;
  /** Also collect Node's default process metrics (default false). */
  readonly defaultMetrics?: boolean;
  /** Metrics registry to use (e.g. one shared with other roles of the same process). */
  readonly metrics?: GatewayMetrics;
  /**
   * Whether the public port answers `GET /metrics` (default true). Off when the metrics have a
   * port of their own (`VEIL_METRICS_PORT`), so players never reach them.
   */
  readonly publicMetrics?: boolean;
}

export interface Gateway {
  /** `http://host:port` as reachable from this machine. */
  readonly url: string;
  readonly port: number;
  readonly http: HttpServer;
  readonly io: Server;
  readonly metrics: GatewayMetrics;
  /** This gateway's name in seat presence (`veil.gateway.presence`). */
  readonly gatewayId: string;
  /**
   * Stops accepting, disconnects every socket (their `leave` commands still go out), and closes
   * the HTTP server. Does not close the bus or the store, which the caller owns. Idempotent.
   */
  close(): Promise<void>;
}

/** The version a room's spectators are shown, from the node running it; null if none answers. */
async function publicVersion(nodes: NodeClient, roomId: string): Promise<number | null> {
  try {
    const reply = await nodes.command(roomId, { type: 'publicVersion' });
    return reply.ok ? reply.version : null;
  } catch {
    return null;
  }
}

/** Starts a gateway: the lobby HTTP API and socket.io on one port (docs/protocol.md). */
export async function startGateway(options: GatewayOptions): Promise<Gateway> {
  const logger = options.logger ?? silentLogger;
  const metrics = options.metrics ?? new GatewayMetrics({ defaultMetrics: options.defaultMetrics });
  // Before any command: a room announced moved wakes the commands held for it.
  const moves = await RoomMoves.start(options.bus, logger);
  const nodes = new NodeClient(options.bus, logger, options.nodeClient, moves);
  let hub: SocketHub | null = null;
  let presence: SeatPresence | null = null;
  // Seats connected on any gateway: this one's sockets and what the others said. (No socket
  // can connect before `presence` is set: the server listens after.)
  const directory = new RoomDirectory(
    options.store,
    (roomId) => presence?.seats(roomId) ?? new Set(),
    {
      publicVersion: (roomId) => publicVersion(nodes, roomId),
      watching: (roomId) => hub?.spectatorCount(roomId) ?? 0,
    },
  );
  let draining = false;
  const botLevels = await BotLevels.start(options.bus, logger, options.botLevels);
  const http = createServer();
  const roomCreations = new ClientBuckets({
    capacity: ROOM_CREATION_BURST,
    refillPerSecond: ROOM_CREATIONS_PER_MINUTE / 60,
    ...options.roomCreationLimit,
  });
  const trustedProxies = options.trustedProxies ?? 0;
  const handler = createHttpHandler({
    nodes,
    rooms: directory,
    metrics,
    publicMetrics: options.publicMetrics ?? true,
    logger,
    staticFiles: options.webDir ? new StaticFiles(options.webDir) : null,
    maxBodyBytes: options.maxBodyBytes ?? DEFAULT_MAX_BODY_BYTES,
    botLevels,
    roomCreations,
    replays: new ClientBuckets(options.replayLimit),
    trustedProxies,
    draining: () => draining,
  });
  http.on('request', (req, res) => {
    // socket.io answers its own path; everything else is the lobby API.
    if (req.url?.startsWith('/socket.io/')) return;
    void handler(req, res);
  });
  const io = new Server(http, {
    serveClient: false,
    parser: tolerantParser,
    maxHttpBufferSize: options.maxSocketMessageBytes ?? DEFAULT_MAX_SOCKET_MESSAGE_BYTES,
    ...(options.corsOrigins ? { cors: { origin: options.corsOrigins } } : {}),
  });
  hub = new SocketHub(io, options.bus, nodes, directory, metrics, logger, {
    ...(options.rateLimit ? { rateLimit: options.rateLimit } : {}),
    ...(options.abuseLimit === undefined ? {} : { abuseLimit: options.abuseLimit }),
    ...(options.socketsPerAddress === undefined
      ? {}
      : { socketsPerAddress: options.socketsPerAddress }),
    onSeatsChanged: (roomId) => presence?.changed(roomId),
    roomCreations,
    trustedProxies,
  });
  presence = await SeatPresence.start(options.bus, hub, logger, options.presence);

  await new Promise<void>((resolve, reject) => {
    http.once('error', reject);
    http.listen(options.port ?? 3000, options.host, () => {
      http.off('error', reject);
      resolve();
    });
  }).catch(async (error: unknown) => {
    await presence?.stop();
    await botLevels.stop();
    await moves.stop();
    throw error;
  });
  const port = (http.address() as AddressInfo).port;
  const host =
    options.host && options.host !== '0.0.0.0' && options.host !== '::'
      ? options.host
      : 'localhost';
  const url = `http://${host.includes(':') ? `[${host}]` : host}:${port}`;
  logger.info('gateway listening', { port, url, gatewayId: presence.gatewayId });

  let closing: Promise<void> | null = null;
  const close = () => {
    closing ??= (async () => {
      draining = true;
      // io.close() disconnects every socket and closes the HTTP server.
      await new Promise<void>((resolve) => {
        void io.close(() => resolve());
      });
      await hub?.settled();
      // After the sockets' own changes: the other gateways forget this one's seats at once.
      await presence?.stop();
      await botLevels.stop();
      await moves.stop();
      http.closeAllConnections();
      logger.info('gateway closed', { port });
    })();
    return closing;
  };
  return { url, port, http, io, metrics, gatewayId: presence.gatewayId, close };
}
