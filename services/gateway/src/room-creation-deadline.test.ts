import { InProcessBroker, isBusError } from '@veil/bus';
import type { AnyGameModule } from '@veil/engine';
import { startGameNode } from '@veil/game';
import { silentLogger } from '@veil/log';
import { parlor } from '@veil/parlor';
import type { CreateRoomCommand } from '@veil/protocol';
import { openPgliteRoomStore, type NewRoom, type RoomStore } from '@veil/store';
import { describe, expect, it } from 'vitest';
import { NodeClient } from './node-client.js';

// A room creation the gateway has given up on never becomes a room (docs/protocol.md, "Room
// creation"): the node received it in time, but its insert reaches the database only after the
// gateway answered the client with an error.

const command: CreateRoomCommand = {
  roomId: 'late-room',
  game: 'parlor',
  seats: {
    p1: { kind: 'human', tokenHash: 'aaaaaaaaaaaaaaaaaaaaaaaa' },
    p2: { kind: 'human', tokenHash: 'bbbbbbbbbbbbbbbbbbbbbbbb' },
  },
  options: { spectators: true, spectatorDelayTurns: 0 },
};

/** A store whose room creations wait at a gate until the test opens it. */
function gatedStore(inner: RoomStore) {
  let open!: () => void;
  const gate = new Promise<void>((resolve) => (open = resolve));
  let entered!: () => void;
  const reached = new Promise<void>((resolve) => (entered = resolve));
  const creations: Promise<unknown>[] = [];
  const createRoom = (room: NewRoom) => {
    entered();
    const creation = gate.then(() => inner.createRoom(room));
    creations.push(creation);
    return creation;
  };
  const store = new Proxy(inner, {
    get(target, key) {
      if (key === 'createRoom') return createRoom;
      const value: unknown = Reflect.get(target, key);
      return typeof value === 'function' ? value.bind(target) : value;
    },
  });
  return { store, reached, open, settled: () => Promise.allSettled(creations) };
}

/**
 * A store whose room creations are stored at once but answered only when the test opens the
 * gate: the node paused between its insert and its reply.
 */
function lateReplyStore(inner: RoomStore) {
  let open!: () => void;
  const gate = new Promise<void>((resolve) => (open = resolve));
  let stored!: () => void;
  const reached = new Promise<void>((resolve) => (stored = resolve));
  const createRoom = async (room: NewRoom) => {
    // Stored in time however slow this machine is: what is tested is the reply after it.
    const { deadline: _inTime, ...withoutDeadline } = room;
    const created = await inner.createRoom(withoutDeadline);
    stored();
    await gate;
    return created;
  };
  const store = new Proxy(inner, {
    get(target, key) {
      if (key === 'createRoom') return createRoom;
      const value: unknown = Reflect.get(target, key);
      return typeof value === 'function' ? value.bind(target) : value;
    },
  });
  return { store, reached, open };
}

describe('a room creation the gateway gave up on', () => {
  it('stores no room and runs none, though the node took it before the deadline', async () => {
    const broker = new InProcessBroker();
    const inner = await openPgliteRoomStore();
    const gated = gatedStore(inner);
    const node = await startParlorNode('node-slow', gated.store, broker);
    try {
      const asked = askToCreate(broker);
      // The node passed its own deadline check and is writing the room...
      await gated.reached;
      // ...when the gateway gives up and the client gets its error.
      expect(await asked).toBe('timeout');
      gated.open();
      const [creation] = await gated.settled();
      expect(creation).toMatchObject({
        status: 'rejected',
        reason: { code: 'deadline_passed' },
      });
      expect(await inner.load('late-room')).toBeNull();
      expect(await inner.listRooms({ limit: 10 })).toEqual([]);
      expect(node.rooms()).toEqual([]);
    } finally {
      await node.stop();
      await inner.close();
    }
  });

  it('deletes a room stored in time whose reply came after the gateway gave up', async () => {
    const broker = new InProcessBroker();
    const inner = await openPgliteRoomStore();
    const late = lateReplyStore(inner);
    const node = await startParlorNode('node-late', late.store, broker);
    try {
      const asked = askToCreate(broker);
      // The room is stored before the deadline; the reply waits...
      await late.reached;
      expect(await inner.load('late-room')).not.toBeNull();
      // ...until the gateway has given up, told the client, and cancelled the creation.
      expect(await asked).toBe('timeout');
      await waitFor(async () => (await inner.load('late-room')) === null);
      late.open();
      await waitFor(async () => node.rooms().length === 0);
      expect(await inner.listRooms({ limit: 10 })).toEqual([]);
    } finally {
      await node.stop();
      await inner.close();
    }
  });
});

/** A game node serving Parlor on `store`. */
function startParlorNode(nodeId: string, store: RoomStore, broker: InProcessBroker) {
  return startGameNode({
    nodeId,
    store,
    bus: broker.connect(),
    games: [parlor as unknown as AnyGameModule],
  });
}

/** The gateway's creation request with a 300-ms deadline: 'answered', 'timeout' or the error. */
function askToCreate(broker: InProcessBroker): Promise<unknown> {
  const nodes = new NodeClient(broker.connect(), silentLogger, { createTimeoutMs: 300 });
  return nodes.createRoom(command).then(
    () => 'answered',
    (error: unknown) => (isBusError(error, 'timeout') ? 'timeout' : error),
  );
}

/** Polls until `check` holds (the test's own timeout bounds it). */
async function waitFor(check: () => Promise<boolean>): Promise<void> {
  while (!(await check())) await new Promise((resolve) => setTimeout(resolve, 10));
}
