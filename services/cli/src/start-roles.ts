import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { hostname } from 'node:os';
import { InProcessBroker, NatsBus, type Bus } from '@veil/bus';
import { AiWorkerMetrics, startAiWorker, thinkTime, type AiWorker } from '@veil/ai-worker';
import { startGameNode, wallClock, type BotMoveOptions, type GameNode } from '@veil/game';
import { loadGameRegistry, type GameEntry } from '@veil/game-registry';
import type { BotLevel } from '@veil/protocol';
import { GatewayMetrics, startGateway, type Gateway, type GatewayOptions } from '@veil/gateway';
import { openRoomStore, type RoomStore } from '@veil/store';
import { createLogger, type Logger, type LogLevel } from '@veil/log';
import { botFallbacksCounter, serveMetrics } from './process-metrics.js';

export const VEIL_ROLES = ['all', 'game', 'ai', 'gateway'] as const;
export type VeilRole = (typeof VEIL_ROLES)[number];

export interface VeilOptions {
  /** `all` (default): gateway + one game node + AI workers in one process. */
  readonly role?: VeilRole;
  /** Gateway port (default 3000; 0 picks a free one). */
  readonly port?: number;
  readonly host?: string;
  /** Postgres server; else PGlite under `dataDir`. */
  readonly databaseUrl?: string | undefined;
  /** NATS server; else the in-process bus (only useful with `role: 'all'`). */
  readonly natsUrl?: string | undefined;
  /** The NATS user and password, given to the client as options (it ignores them in a URL). */
  readonly natsUser?: string | undefined;
  readonly natsPassword?: string | undefined;
  /** PGlite directory when there is no `databaseUrl` (default `./.veil`). */
  readonly dataDir?: string;
  /** AI workers to run in this process (default 2 for `all`, 1 for `ai`). */
  readonly aiWorkers?: number;
  /**
   * The games the node and the workers run (default: the registry's production games plus the
   * packages of `extraGames`).
   */
  readonly games?: readonly GameEntry[];
  /** Packages whose `game` export is registered too (`VEIL_EXTRA_GAMES`: tests). */
  readonly extraGames?: readonly string[];
  /** The game node's timings (each defaults to the node's own). */
  readonly node?: {
    readonly leaseTtlMs?: number;
    readonly idleUnloadMs?: number;
    readonly finishedUnloadMs?: number;
    readonly quietSnapshotMs?: number;
    readonly botTimeoutMs?: number;
    readonly heartbeatMs?: number;
    readonly livenessDeadlineMs?: number;
    readonly leaseSweepMs?: number;
    readonly leaseSweepBatch?: number;
    readonly abandonUnjoinedMs?: number;
    /** One second of a room's time control, in ms (default 1000; e2e tests shorten it). */
    readonly clockSecondMs?: number;
  };
  /** The AI workers' settings (each defaults to the worker's own). */
  readonly ai?: {
    readonly threads?: number;
    readonly levels?: readonly BotLevel[];
    readonly thinkMs?: number;
    readonly thinkJitterMs?: number;
  };
  /**
   * A port of its own for `GET /metrics` (every role of this process). Unset, a gateway serves
   * them on its public port and a process without one serves none; set, the gateway's public
   * port no longer answers `/metrics`.
   */
  readonly metricsPort?: number;
  /** The interface of `metricsPort` (default `host`). */
  readonly metricsHost?: string;
  /** A built web client to serve; only used if the directory exists. */
  readonly webDir?: string;
  readonly logLevel?: LogLevel;
  readonly logger?: Logger;
  /** Extra gateway options (rate limits, CORS, …). */
  readonly gateway?: Partial<Omit<GatewayOptions, 'bus' | 'store' | 'port' | 'host' | 'logger'>>;
  /** Game node id (default `game-<host>-<pid>-<random>`). */
  readonly nodeId?: string;
}

export interface Veil {
  readonly role: VeilRole;
  /** The gateway's URL, when this process runs one. */
  readonly url: string | null;
  readonly gateway: Gateway | null;
  readonly gameNode: GameNode | null;
  /** `http://host:port/metrics` when the metrics have their own port (`metricsPort`). */
  readonly metricsUrl: string | null;
  /**
   * Graceful shutdown: the gateway stops and disconnects its sockets, the game node drains
   * (in-flight commits finish, leases are released), the workers stop, then the buses drain
   * and the store closes. Idempotent.
   */
  close(): Promise<void>;
}

/**
 * Runs Veil's roles in this process (docs/architecture.md, "The parts"; docs/operations.md). The embedded default (`role: 'all'`
 * without URLs) is one process on PGlite and the in-process bus; `databaseUrl` / `natsUrl`
 * switch to the real servers; `game`, `ai` and `gateway` run one role each.
 */
export async function startVeil(options: VeilOptions = {}): Promise<Veil> {
  const role = options.role ?? 'all';
  const logger = options.logger ?? createLogger({ service: 'veil', role }, options.logLevel);
  const games = options.games ?? [...(await loadGameRegistry(options.extraGames)).values()];
  const runs = {
    gateway: role === 'all' || role === 'gateway',
    game: role === 'all' || role === 'game',
    ai: role === 'all' || role === 'ai',
  };
  if (!options.databaseUrl && (role === 'game' || role === 'gateway')) {
    logger.warn('no DATABASE_URL: PGlite is single-process, so no other process shares this store');
  }
  if (!options.natsUrl && role !== 'all') {
    logger.warn('no NATS_URL: this role only talks to itself over the in-process bus');
  }
  const id = `${hostname().replace(/[^A-Za-z0-9_-]/g, '-')}-${process.pid}-${randomBytes(3).toString('hex')}`;
  const broker = options.natsUrl ? null : new InProcessBroker();
  const buses: Bus[] = [];
  const connectBus = async (name: string, inboxPrefix: string): Promise<Bus> => {
    const bus = broker
      ? broker.connect()
      : await NatsBus.connect({
          servers: options.natsUrl ?? '',
          ...(options.natsUser ? { user: options.natsUser } : {}),
          ...(options.natsPassword ? { pass: options.natsPassword } : {}),
          name: `${name}-${id}`,
          inboxPrefix,
          onError: (error) => logger.warn('bus error', { service: name, error }),
        });
    buses.push(bus);
    return bus;
  };

  let store: RoomStore | null = null;
  let gateway: Gateway | null = null;
  let gameNode: GameNode | null = null;
  const workers: AiWorker[] = [];
  let metricsServer: { readonly port: number; close(): Promise<void> } | null = null;
  let closing: Promise<void> | null = null;
  // One registry for every role of this process: the gateway's /metrics (or metricsPort) shows all.
  const metrics =
    options.gateway?.metrics ??
    new GatewayMetrics({ defaultMetrics: options.gateway?.defaultMetrics });

  const close = (): Promise<void> => {
    closing ??= (async () => {
      logger.info('shutting down');
      await gateway?.close();
      await gameNode?.drain();
      await Promise.all(workers.map((w) => w.stop()));
      await Promise.all(buses.map((b) => b.drain().catch(() => b.close())));
      await store?.close();
      await metricsServer?.close();
      logger.info('stopped');
    })();
    return closing;
  };

  try {
    if (runs.game || runs.gateway) {
      const dataDir = options.dataDir ?? './.veil';
      store = await openRoomStore(
        options.databaseUrl ? { databaseUrl: options.databaseUrl } : { dataDir },
      );
      logger.info(
        'store open',
        options.databaseUrl ? { store: 'postgres' } : { store: 'pglite', dataDir },
      );
    }
    if (runs.ai) {
      const count = options.aiWorkers ?? (role === 'all' ? 2 : 1);
      const aiMetrics = new AiWorkerMetrics(metrics.registry);
      for (let i = 0; i < count; i += 1) {
        const bus = await connectBus(`ai-${i}`, '_INBOX.ai');
        workers.push(
          await startAiWorker({
            bus,
            games: games.map((g) => g.module),
            logger: logger.child({ service: 'ai-worker', worker: i }),
            metrics: aiMetrics,
            gamePackages: options.extraGames ?? [],
            ...aiOptions(options.ai),
          }),
        );
      }
    }
    if (runs.game && store) {
      const nodeId = options.nodeId ?? `game-${id}`;
      gameNode = await startGameNode({
        nodeId,
        store,
        bus: await connectBus('game', '_INBOX.game'),
        games,
        ...nodeOptions(options.node, botFallbacksCounter(metrics.registry)),
        logger: logger.child({ service: 'game', nodeId }),
      });
    }
    if (runs.gateway && store) {
      const webDir = options.webDir && existsSync(options.webDir) ? options.webDir : null;
      gateway = await startGateway({
        ...options.gateway,
        bus: await connectBus('gateway', '_INBOX.gateway'),
        store,
        port: options.port ?? 3000,
        ...(options.host ? { host: options.host } : {}),
        webDir,
        metrics,
        publicMetrics: options.metricsPort === undefined,
        logger: logger.child({ service: 'gateway' }),
      });
    }
    if (options.metricsPort !== undefined) {
      const host = options.metricsHost ?? options.host;
      metricsServer = await serveMetrics(metrics.registry, options.metricsPort, host);
    }
  } catch (error) {
    await close().catch(() => undefined);
    throw error;
  }
  logger.info('veil started', { url: gateway?.url ?? null });
  const metricsUrl = metricsServer
    ? `http://${urlHost(options.metricsHost ?? options.host)}:${metricsServer.port}/metrics`
    : null;
  return { role, url: gateway?.url ?? null, gateway, gameNode, metricsUrl, close };
}

function nodeOptions(
  node: VeilOptions['node'] = {},
  fallbacks: NonNullable<BotMoveOptions['fallbacks']>,
) {
  const { botTimeoutMs, clockSecondMs, ...timings } = node;
  return {
    ...timings,
    ...(clockSecondMs === undefined ? {} : { clock: wallClock(clockSecondMs) }),
    bots: { fallbacks, ...(botTimeoutMs === undefined ? {} : { timeoutMs: botTimeoutMs }) },
  };
}

function aiOptions(ai: VeilOptions['ai'] = {}) {
  const { thinkMs, thinkJitterMs, levels, threads } = ai;
  return {
    ...(threads === undefined || threads === 0 ? {} : { threads }),
    ...(levels === undefined ? {} : { levels }),
    ...(thinkMs === undefined && thinkJitterMs === undefined
      ? {}
      : { thinkTime: thinkTime(thinkMs ?? 0, thinkJitterMs ?? 0) }),
  };
}

/** A listening interface as a URL host: all interfaces are reached on localhost. */
function urlHost(host: string | undefined): string {
  if (!host || host === '0.0.0.0' || host === '::') return 'localhost';
  return host.includes(':') ? `[${host}]` : host;
}
