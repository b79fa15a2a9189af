import { NatsBus } from '@veil/bus';
import type { GameNode } from '@veil/game';
import { openPostgresRoomStore } from '@veil/store';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createNodeRooms, RoomDriver, startBenchNode } from '../via-node.js';
import { viewVersion } from '../view-version.js';
import { WireClient } from '../wire-client.js';
import { createTestDatabase, describeWithServices, services } from '../../../support/index.js';

const bytes = (value: unknown): Buffer => Buffer.from(JSON.stringify(value));

describe('viewVersion (the latency driver reads a view’s version)', () => {
  it('reads the version of a publication as a game node serializes it', () => {
    const payload = bytes({ roomId: 'lat0-7', version: 1234, seat: 'a', view: { version: 9 } });
    expect(viewVersion(payload, 'lat0-7')).toBe(1234);
  });

  it('agrees with JSON.parse on other shapes, other rooms and odd numbers', () => {
    const cases: [unknown, string][] = [
      [{ version: 5, roomId: 'r' }, 'r'], // another member order
      [{ roomId: 'other', version: 6 }, 'r'], // another room's prefix
      [{ roomId: 'r', version: 7.5 }, 'r'],
      [{ roomId: 'r', version: 0 }, 'r'],
      [{ roomId: 'r', seat: 'a' }, 'r'], // no version at all
      [{ roomId: 'r"x', version: 8 }, 'r"x'], // a room id that needs escaping
    ];
    for (const [value, roomId] of cases) {
      const expected = (value as { version?: number }).version;
      expect(viewVersion(bytes(value), roomId)).toBe(expected);
    }
  });

  it('does not take the digits of a version that is cut short', () => {
    // The prefix and digits, but not the comma after them: parsed in full, which throws.
    expect(() => viewVersion(Buffer.from('{"roomId":"r","version":12'), 'r')).toThrow();
  });
});

// The driver's quick path is only taken while the game node writes `roomId` then `version`
// first: pinned here on the real node's publications, as the driver receives them.
describeWithServices('viewVersion on a game node’s publications', () => {
  let store: Awaited<ReturnType<typeof openPostgresRoomStore>>;
  let bus: NatsBus;
  let node: GameNode;
  let wire: WireClient;

  beforeAll(async () => {
    store = await openPostgresRoomStore({
      connectionString: await createTestDatabase('view_version'),
    });
    bus = await NatsBus.connect({ servers: services().natsUrl, name: 'view-version-test' });
    node = await startBenchNode(store, bus, 'view-version-node');
    wire = await WireClient.connect(services().natsUrl);
  });

  afterAll(async () => {
    wire?.close();
    await node?.stop();
    await bus?.close();
    await store?.close();
  });

  it('reads each view’s version from its first bytes', async () => {
    const roomId = 'vv-1';
    await createNodeRooms(bus, [roomId], 10);
    const views: Buffer[] = [];
    const unsubscribe = wire.subscribe(`veil.room.${roomId}.view.*`, (_subject, payload) => {
      views.push(payload);
    });
    await wire.flush();
    const room = new RoomDriver(roomId, 10);
    for (let i = 0; i < 3; i++) {
      const { seat, command } = room.next();
      const reply = await new Promise<{ ok: boolean; version: number }>((resolve) =>
        wire.request(`veil.room.${roomId}.cmd`, command, (payload) =>
          resolve(JSON.parse(payload.toString()) as { ok: boolean; version: number }),
        ),
      );
      expect(reply.ok).toBe(true);
      room.acked(seat, command, reply.version);
    }
    await expect.poll(() => views.length).toBe(9); // both seats and the spectators, 3 versions
    unsubscribe();
    const prefix = `{"roomId":${JSON.stringify(roomId)},"version":`;
    for (const payload of views) {
      expect(payload.toString('latin1', 0, prefix.length)).toBe(prefix);
      expect(viewVersion(payload, roomId)).toBe(
        (JSON.parse(payload.toString()) as { version: number }).version,
      );
    }
    expect(
      views.map((payload) => viewVersion(payload, roomId)).sort((a, b) => (a ?? 0) - (b ?? 0)),
    ).toEqual([1, 1, 1, 2, 2, 2, 3, 3, 3]);
  });
});
