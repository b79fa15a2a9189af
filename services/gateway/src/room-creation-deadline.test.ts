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

describe('a room creation the gateway gave up on', () => {
  it('stores no room and runs none, though the node took it before the deadline', async () => {
    const broker = new InProcessBroker();
    const inner = await openPgliteRoomStore();
    const gated = gatedStore(inner);
    const node = await startGameNode({
      nodeId: 'node-slow',
      store: gated.store,
      bus: broker.connect(),
      games: [parlor as unknown as AnyGameModule],
    });
    const nodes = new NodeClient(broker.connect(), silentLogger, { createTimeoutMs: 300 });
    try {
      const asked = nodes.createRoom(command).then(
        () => 'answered',
        (error: unknown) => (isBusError(error, 'timeout') ? 'timeout' : error),
      );
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
});
