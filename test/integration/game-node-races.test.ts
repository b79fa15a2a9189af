import type { Bus } from '@veil/bus';
import { openPostgresRoomStore, type RoomStore } from '@veil/store';
import type pg from 'pg';
import { afterAll, beforeAll, expect, it } from 'vitest';
import {
  createTestDatabase,
  describeWithServices,
  services,
  type ManagedProcess,
} from '../support/index.js';
import {
  act,
  connectClient,
  createParlorRoom,
  deciderOf,
  openDb,
  replayStoredRoom,
  startGameNodeProcess,
  storedRoomBytes,
} from './game-node-support.js';

// Races and refusals against game nodes running as child processes on real Postgres and NATS.

const ROOMS = 10;
const RACES_PER_ROOM = 100;

describeWithServices('game nodes: races, refusals, replay', () => {
  let db: pg.Client;
  let store: RoomStore;
  let client: Bus;
  const nodes: ManagedProcess[] = [];

  beforeAll(async () => {
    const { natsUrl } = services();
    const databaseUrl = await createTestDatabase('game_races');
    db = await openDb(databaseUrl);
    store = await openPostgresRoomStore({ connectionString: databaseUrl, maxConnections: 2 });
    for (const nodeId of ['race-a', 'race-b']) {
      nodes.push(await startGameNodeProcess(nodeId, { databaseUrl, natsUrl }));
    }
    client = await connectClient(natsUrl, 'races-test');
  });

  afterAll(async () => {
    await client?.close();
    await Promise.all(nodes.map((n) => n.stop()));
    await store?.close();
    await db?.end();
  });

  it('accepts exactly one of two competing commands on one version, 1,000 times', async () => {
    const roomIds = Array.from({ length: ROOMS }, (_, i) => `race-${i}`);
    for (const roomId of roomIds) {
      await createParlorRoom(client, roomId, { gameOptions: { turns: 2_000 } });
    }
    let races = 0;
    let exactlyOne = 0;
    const raceRoom = async (roomId: string): Promise<void> => {
      for (let i = 0; i < RACES_PER_ROOM; i += 1) {
        const { seat, version, legal } = await deciderOf(client, roomId);
        // Two different actions when there are two (the same one otherwise), two request ids.
        const first = legal[0];
        const second = legal.find((a) => a.type === 'end') ?? legal[legal.length - 1];
        if (!first || !second) throw new Error(`no legal action in ${roomId}`);
        const replies = await Promise.all([
          act(client, roomId, seat, version, first, `${roomId}-${i}-x`),
          act(client, roomId, seat, version, second, `${roomId}-${i}-y`),
        ]);
        races += 1;
        const accepted = replies.filter((r) => r.ok);
        const refused = replies.filter((r) => !r.ok);
        if (
          accepted.length === 1 &&
          accepted[0]?.ok &&
          accepted[0].version === version + 1 &&
          refused.every((r) => !r.ok && r.error.code === 'stale_version')
        ) {
          exactlyOne += 1;
        }
      }
    };
    await Promise.all(roomIds.map(raceRoom));
    expect(races).toBe(ROOMS * RACES_PER_ROOM);
    expect(exactlyOne).toBe(races);
    const events = await db.query<{ n: number }>('select count(*)::int as n from room_events');
    expect(events.rows[0]?.n).toBe(races);
    for (const roomId of roomIds) {
      const replay = await replayStoredRoom(db, roomId);
      expect(replay.events).toBe(RACES_PER_ROOM);
      expect(replay.mismatched).toEqual([]);
    }
    console.log(`[game-node races] ${races} races, exactly one accepted in ${exactlyOne}`);
  });

  it('changes nothing for malformed commands, wrong seats, illegal actions and stale versions', async () => {
    const roomId = 'refusals';
    await createParlorRoom(client, roomId, { gameOptions: { turns: 40 } });
    for (let i = 0; i < 5; i += 1) {
      const { seat, version, legal } = await deciderOf(client, roomId);
      const reply = await act(client, roomId, seat, version, legal[0] as object, `warm-${i}`);
      expect(reply.ok).toBe(true);
    }
    const before = await storedRoomBytes(store, roomId);
    const { seat, version } = await deciderOf(client, roomId);
    const other = seat === 'p1' ? 'p2' : 'p1';
    const subject = `veil.room.${roomId}.cmd`;

    const refusals: [string, unknown, string][] = [
      ['no fields', {}, 'bad_request'],
      ['unknown type', { type: 'shuffle', seat }, 'bad_request'],
      ['act without a request id', { type: 'act', seat, version, action: {} }, 'bad_request'],
      [
        'an action that is not an object',
        { type: 'act', seat, version, action: 'draw', requestId: 'm1' },
        'bad_request',
      ],
      [
        'a seat the room does not have',
        { type: 'act', seat: 'p9', version, action: { type: 'end' }, requestId: 'm2' },
        'bad_request',
      ],
      [
        'the seat that is not deciding',
        { type: 'act', seat: other, version, action: { type: 'end' }, requestId: 'm3' },
        'not_your_turn',
      ],
      [
        'a card id it does not hold',
        {
          type: 'act',
          seat,
          version,
          action: { type: 'play', card: 999, kind: 'gem' },
          requestId: 'm4',
        },
        'illegal_action',
      ],
      [
        'a stale version',
        { type: 'act', seat, version: version - 2, action: { type: 'end' }, requestId: 'm5' },
        'stale_version',
      ],
      ['a sync for a seat the room does not have', { type: 'sync', viewer: 'p9' }, 'bad_request'],
    ];
    for (const [name, command, code] of refusals) {
      const reply = (await client.request(subject, command, { timeoutMs: 5_000 })) as {
        ok: boolean;
        error?: { code: string };
        view?: { version: number; seat: string };
      };
      expect(reply.ok, name).toBe(false);
      expect(reply.error?.code, name).toBe(code);
      if (code === 'stale_version') expect(reply.view).toMatchObject({ version, seat });
      expect(await storedRoomBytes(store, roomId), name).toEqual(before);
    }
  });
});
