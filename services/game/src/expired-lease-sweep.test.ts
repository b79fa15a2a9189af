import type { Bus, InProcessBroker } from '@veil/bus';
import { parlor, parlorGame } from '@veil/parlor';
import { AI_QUEUE_GROUP, aiRequestSchema, aiRequestSubject } from '@veil/protocol';
import type { RoomStore } from '@veil/store';
import { describe, expect, it } from 'vitest';
import { startGameNode } from './game-node.js';
import { gameRegistry } from './game-registry.js';
import { loadRoomState } from './room-loading.js';
import {
  collectViews,
  createParlorRoom,
  eventually,
  playFirstLegal,
  TOKEN_HASH,
  useMemoryWorld,
} from './test-support.js';

const games = gameRegistry([parlorGame]);

describe('expired lease sweep', () => {
  let broker: InProcessBroker;
  let store: RoomStore;
  let client: Bus;

  useMemoryWorld((world) => ({ broker, store, client } = world));

  /** The file's store, with commits and lease releases failing while `down.now` holds. */
  function flakyStore(down: { now: boolean }): RoomStore {
    const failing = new Set(['commitBatch', 'releaseLease', 'releaseLeases']);
    return new Proxy(store, {
      get(target, name, receiver) {
        const value: unknown = Reflect.get(target, name, receiver);
        if (typeof value !== 'function') return value;
        return (...args: unknown[]) => {
          if (down.now && failing.has(String(name))) {
            return Promise.reject(new Error('connection terminated (database restarting)'));
          }
          return (value as (...a: unknown[]) => unknown).apply(target, args);
        };
      },
    });
  }

  it('tries again a room it took over but failed to load, rather than letting it go for good', async () => {
    // The room's node crashed (its lease stays until it expires); no client sends it anything.
    const old = await startGameNode({
      nodeId: 'sweep-old',
      store,
      bus: broker.connect(),
      games,
      leaseTtlMs: 200,
    });
    await createParlorRoom(client, 'sweep-reload');
    await old.stop();
    // The first load of the room fails (NATS or the database away a moment, as during a restart).
    let loads = 0;
    const flaky = new Proxy(store, {
      get(target, name, receiver) {
        const value: unknown = Reflect.get(target, name, receiver);
        if (typeof value !== 'function') return value;
        return (...args: unknown[]) => {
          if (name === 'load' && args[0] === 'sweep-reload' && (loads += 1) === 1) {
            return Promise.reject(new Error('connection terminated'));
          }
          return (value as (...a: unknown[]) => unknown).apply(target, args);
        };
      },
    });
    const node = await startGameNode({
      nodeId: 'sweep-new',
      store: flaky,
      bus: broker.connect(),
      games,
      leaseTtlMs: 300,
      leaseSweepMs: 50,
    });
    try {
      await eventually(() => node.rooms().includes('sweep-reload'));
      expect(loads).toBeGreaterThanOrEqual(2);
    } finally {
      await node.stop();
    }
  });

  it('gives up a room whose log does not replay, rather than trying it every lease period', async () => {
    const old = await startGameNode({
      nodeId: 'sweep-old-corrupt',
      store,
      bus: broker.connect(),
      games,
      leaseTtlMs: 200,
    });
    await createParlorRoom(client, 'sweep-corrupt');
    await old.stop();
    // An event the rules refuse, written past any node (as a bad migration or a bug might).
    const bad = { type: 'act', action: { type: 'no-such-action' } };
    expect(
      await store.appendEvent({
        roomId: 'sweep-corrupt',
        expectedVersion: 0,
        seat: 'p1',
        requestId: 'bad',
        action: bad,
      }),
    ).toMatchObject({ status: 'committed' });
    const node = await startGameNode({
      nodeId: 'sweep-corrupt-node',
      store,
      bus: broker.connect(),
      games,
      leaseTtlMs: 300,
      leaseSweepMs: 50,
    });
    try {
      // The sweep takes the expired lease and the load fails: the lease is given back at once
      // (kept, it would run out and be swept again, and again).
      await eventually(async () => (await store.leaseState('sweep-corrupt'))?.owner === null);
      expect(node.rooms()).not.toContain('sweep-corrupt');
    } finally {
      await node.stop();
    }
  });

  it('moves a bot room on, with no client command, after its node lost it and kept the lease', async () => {
    const down = { now: false };
    const node = await startGameNode({
      nodeId: 'sweep-n1',
      store: flakyStore(down),
      bus: broker.connect(),
      games,
      leaseTtlMs: 300,
      leaseSweepMs: 100,
      bots: { timeoutMs: 5_000, attempts: 1 },
    });
    // A stand-in worker: the database goes down while it decides, so the commit of its first
    // move fails (and so would the lease release); later moves are answered plainly.
    let requests = 0;
    const worker = await broker.connect().subscribe(
      aiRequestSubject('parlor'),
      ({ data, respond }) => {
        requests += 1;
        if (requests === 1) down.now = true;
        const request = aiRequestSchema.parse(data);
        const action = request.legalActions[0];
        respond?.({ ok: true, roomId: request.roomId, version: request.version, action });
      },
      { queue: AI_QUEUE_GROUP },
    );
    try {
      const views = await collectViews(client, 'sweep-room');
      await createParlorRoom(client, 'sweep-room', {
        seats: {
          p1: { kind: 'human', tokenHash: TOKEN_HASH },
          p2: { kind: 'bot', level: 'random' },
        },
      });
      const start = await loadRoomState(store, games, 'sweep-room');
      if (parlor.deciders(start.snapshot as never).includes('p1')) {
        await playFirstLegal(client, 'sweep-room', 'human-1', ['end']);
      }
      // The bot's move failed to commit: the node let the room go, its lease still held.
      await eventually(() => requests >= 1 && node.rooms().length === 0);
      const stalled = await loadRoomState(store, games, 'sweep-room');
      expect(parlor.deciders(stalled.snapshot as never)).toContain('p2');
      expect((await store.leaseState('sweep-room'))?.owner).toBe('sweep-n1');
      down.now = false;
      const viewsBefore = views.length;
      // Nobody sends a command: the sweep takes the expired lease, loads the room and asks the
      // bot again, whose move now commits and reaches the seats' views.
      await eventually(
        async () => (await loadRoomState(store, games, 'sweep-room')).version > stalled.version,
      );
      expect(requests).toBeGreaterThanOrEqual(2);
      expect(node.rooms()).toContain('sweep-room');
      await eventually(() =>
        views.slice(viewsBefore).some((v) => v.seat === 'p1' && v.version > stalled.version),
      );
    } finally {
      await worker.unsubscribe();
      await node.stop();
    }
  });
});
