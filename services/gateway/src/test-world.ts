import { startAiWorker } from '@veil/ai-worker';
import { InProcessBroker } from '@veil/bus';
import type { AnyGameModule } from '@veil/engine';
import {
  startGameNode,
  type GameNode,
  type GameNodeOptions,
  type RegisteredGame,
} from '@veil/game';
import { createLogger } from '@veil/log';
import { netrunner } from '@veil/netrunner';
import { openPgliteRoomStore, type RoomStore } from '@veil/store';
import { VeilError, type VeilConnection } from '@veil/client';
import { afterAll, beforeAll } from 'vitest';
import { startGateway, type Gateway, type GatewayOptions } from './gateway.js';

// For this package's tests only (it imports the node and the worker, which the gateway does not).
/** One process's worth of Veil for a test: a node, an AI worker and a gateway on a PGlite store. */
export interface TestWorld {
  readonly url: string;
  readonly broker: InProcessBroker;
  readonly store: RoomStore;
  readonly gateway: Gateway;
  readonly node: GameNode;
  /** Every log line any part wrote (JSON text), debug level included. */
  readonly logLines: string[];
  close(): Promise<void>;
}

type TestWorldOptions = Parameters<typeof startTestWorld>[0];

/**
 * A test file's world: started before its tests and closed after them, with every connection
 * the file put in the list this returns. `adopt` hands the world to the file.
 */
export function useTestWorld(
  options: TestWorldOptions,
  adopt: (world: TestWorld) => void,
): VeilConnection[] {
  const open: VeilConnection[] = [];
  let world: TestWorld | undefined;
  beforeAll(async () => {
    world = await startTestWorld(options);
    adopt(world);
  }, 120_000);
  afterAll(async () => {
    for (const connection of open) connection.close();
    await world?.close();
  }, 60_000);
  return open;
}

export async function startTestWorld(
  options: {
    /** Modules or registry entries (an entry brings its room-options schema). */
    games?: readonly (AnyGameModule | RegisteredGame)[];
    gateway?: Partial<GatewayOptions>;
    node?: Partial<GameNodeOptions>;
  } = {},
): Promise<TestWorld> {
  const logLines: string[] = [];
  const logger = createLogger({}, 'debug', (line) => logLines.push(line));
  const broker = new InProcessBroker();
  const store = await openPgliteRoomStore();
  const games = options.games ?? [netrunner as unknown as AnyGameModule];
  const buses = [broker.connect(), broker.connect(), broker.connect()] as const;
  const node = await startGameNode({
    nodeId: 'node-test',
    store,
    bus: buses[0],
    games,
    logger: logger.child({ service: 'game' }),
    ...options.node,
  });
  const worker = await startAiWorker({
    bus: buses[1],
    games: games.map((g) => ('module' in g ? g.module : g)),
    threads: 0,
    logger: logger.child({ service: 'ai' }),
  });
  const gateway = await startGateway({
    bus: buses[2],
    store,
    port: 0,
    host: '127.0.0.1',
    logger: logger.child({ service: 'gateway' }),
    rateLimit: { capacity: 10_000, refillPerSecond: 0 },
    roomCreationLimit: { capacity: 10_000, refillPerSecond: 0 },
    replayLimit: { capacity: 10_000, refillPerSecond: 0 },
    ...options.gateway,
  });
  return {
    url: gateway.url,
    broker,
    store,
    gateway,
    node,
    logLines,
    close: async () => {
      await gateway.close();
      await node.drain();
      await worker.stop();
      for (const bus of buses) await bus.close();
      await store.close();
    },
  };
}

/** The code and HTTP status (none over a socket) a call of the client was refused with. */
export async function refusalOf(call: Promise<unknown>): Promise<[string, number | undefined]> {
  try {
    await call;
  } catch (error) {
    if (error instanceof VeilError) return [error.code, error.status];
    throw error;
  }
  throw new Error('the call succeeded');
}
