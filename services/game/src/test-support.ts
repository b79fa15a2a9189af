import { InProcessBroker, type Bus } from '@veil/bus';
import type { ParlorView } from '@veil/parlor';
import type { RoomCommandReply, ViewPublication } from '@veil/protocol';
import {
  ROOMS_CREATE_SUBJECT,
  createRoomCommandReplySchema,
  roomViewWildcard,
} from '@veil/protocol';
import type { CreateRoomCommandInput } from '@veil/protocol';
import { AI_QUEUE_GROUP, aiRequestSchema, aiRequestSubject } from '@veil/protocol';
import { openPgliteRoomStore, type RoomStore } from '@veil/store';
import { afterAll, beforeAll, expect } from 'vitest';
import type { ClockSource } from './clock-source.js';
import { startGameNode } from './game-node.js';
import type { GameRegistry } from './game-registry.js';
import { sendRoomCommand } from './room-client.js';

/** Shared by the unit tests: an in-process broker, a PGlite store, Parlor rooms. */

export const TOKEN_HASH = 'f'.repeat(64);

export interface MemoryWorld {
  readonly broker: InProcessBroker;
  readonly store: RoomStore;
  readonly client: Bus;
}

export async function memoryWorld(): Promise<MemoryWorld> {
  const broker = new InProcessBroker();
  const store = await openPgliteRoomStore();
  return { broker, store, client: broker.connect() };
}

/**
 * A describe block's world, made before its tests (PGlite takes a while to open) and its store
 * closed after them; `adopt` hands it to the block, which keeps its own names for the parts.
 */
export function useMemoryWorld(adopt: (world: MemoryWorld) => void): void {
  let store: RoomStore | undefined;
  beforeAll(async () => {
    const world = await memoryWorld();
    store = world.store;
    adopt(world);
  }, 120_000);
  afterAll(async () => {
    await store?.close();
  });
}

/**
 * A game node of `world` on `clock`, with a stand-in AI worker for `game` whose bots play their
 * first legal action. `stop` stops both (the node keeping its leases, as in a crash); `drain`
 * lets the node's rooms go first, so another node loads them at once.
 */
export async function startNodeWithFirstLegalBots(
  world: MemoryWorld,
  options: { nodeId: string; game: string; games: GameRegistry; clock: ClockSource },
): Promise<{ stop: () => Promise<void>; drain: () => Promise<void> }> {
  const { nodeId, game, games, clock } = options;
  const node = await startGameNode({
    nodeId,
    store: world.store,
    bus: world.broker.connect(),
    games,
    bots: { timeoutMs: 5_000, attempts: 3 },
    idleUnloadMs: 60_000,
    clock,
  });
  const worker = await world.broker.connect().subscribe(
    aiRequestSubject(game),
    ({ data, respond }) => {
      const request = aiRequestSchema.parse(data);
      const { roomId, version } = request;
      respond?.({ ok: true, roomId, version, action: request.legalActions[0] });
    },
    { queue: AI_QUEUE_GROUP },
  );
  return {
    stop: async () => {
      await worker.unsubscribe();
      await node.stop();
    },
    drain: async () => {
      await node.drain();
      await worker.unsubscribe();
    },
  };
}

export async function createParlorRoom(
  bus: Bus,
  roomId: string,
  overrides: Partial<CreateRoomCommandInput> = {},
): Promise<void> {
  const reply = createRoomCommandReplySchema.parse(
    await bus.request(ROOMS_CREATE_SUBJECT, {
      roomId,
      game: 'parlor',
      seats: {
        p1: { kind: 'human', tokenHash: TOKEN_HASH },
        p2: { kind: 'human', tokenHash: TOKEN_HASH },
      },
      options: { seed: 7, gameOptions: { turns: 6 } },
      ...overrides,
    }),
  );
  expect(reply).toMatchObject({ ok: true, roomId, version: 0 });
}

/** The seat's current view, through `sync`. */
export async function syncView(
  bus: Bus,
  roomId: string,
  viewer: string,
): Promise<{ version: number; view: ParlorView }> {
  const reply = await sendRoomCommand(bus, roomId, { type: 'sync', viewer });
  if (!reply.ok || !reply.view) throw new Error(`sync refused: ${JSON.stringify(reply)}`);
  return { version: reply.view.version, view: reply.view.view as unknown as ParlorView };
}

/** Plays the first legal action of the (first) deciding seat; returns its seat and reply. */
export async function playFirstLegal(
  bus: Bus,
  roomId: string,
  requestId: string,
  /** Action types to prefer, in order; otherwise the first legal action. */
  prefer: readonly string[] = [],
): Promise<{ seat: string; reply: RoomCommandReply; version: number } | null> {
  const { view: publicView } = await syncView(bus, roomId, 'p1');
  const seat = publicView.deciders[0];
  if (!seat) return null;
  const { version, view } = await syncView(bus, roomId, seat);
  const legal = view.legalActions ?? [];
  const preferred = prefer
    .map((type) => legal.find((a) => a.type === type))
    .find((a) => a !== undefined);
  const action = preferred ?? legal[0];
  if (!action) return null;
  const reply = await sendRoomCommand(bus, roomId, {
    type: 'act',
    seat,
    version,
    action: action as never,
    requestId,
  });
  return { seat, reply, version };
}

/** Collects every view publication of a room. */
export async function collectViews(bus: Bus, roomId: string): Promise<ViewPublication[]> {
  const seen: ViewPublication[] = [];
  await bus.subscribe(roomViewWildcard(roomId), ({ data }) => {
    seen.push(data as ViewPublication);
  });
  return seen;
}

/** Polls `check` until it holds (bounded): for effects that arrive asynchronously. */
export async function eventually(check: () => boolean | Promise<boolean>, timeoutMs = 10_000) {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error('condition not reached in time');
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}
