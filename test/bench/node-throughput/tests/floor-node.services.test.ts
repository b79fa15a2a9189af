import { fileURLToPath } from 'node:url';
import { NatsBus } from '@veil/bus';
import pg from 'pg';
import { afterAll, beforeAll, expect, it } from 'vitest';
import {
  createTestDatabase,
  describeWithServices,
  services,
  startProcess,
  type ManagedProcess,
} from '../../../support/index.js';

// The latency floor (test/bench/node-throughput/floor-node.ts) stands in for the game node in
// the benchmark; its figure is only meaningful if it does what an act costs: commit before the
// ack, a compare-and-set that refuses a stale version, then the three views of that version.

const repoRoot = fileURLToPath(new URL('../../../..', import.meta.url));

interface Published {
  roomId: string;
  viewer: string;
  version: number;
  seat: string | null;
}

describeWithServices('the latency floor node', () => {
  let node: ManagedProcess;
  let bus: NatsBus;
  let db: pg.Client;
  let databaseUrl: string;
  const published: Published[] = [];

  beforeAll(async () => {
    databaseUrl = await createTestDatabase('floor');
    node = await startProcess({
      name: 'bench-floor-node',
      command: process.execPath,
      args: ['--import', 'tsx', 'test/bench/node-throughput/floor-node.ts'],
      cwd: repoRoot,
      env: {
        ...process.env,
        VEIL_BENCH_DATABASE_URL: databaseUrl,
        VEIL_BENCH_NATS_URL: services().natsUrl,
      },
    });
    await node.waitForOutput(/bench node ready/, 60_000);
    bus = await NatsBus.connect({ servers: services().natsUrl, name: 'floor-node-test' });
    await bus.subscribe('veil.room.*.view.*', ({ subject, data }) => {
      const { version, seat } = data as { version: number; seat: string | null };
      const [, , roomId = '', , viewer = ''] = subject.split('.');
      published.push({ roomId, viewer, version, seat });
    });
    db = new pg.Client({ connectionString: databaseUrl });
    await db.connect();
  });

  afterAll(async () => {
    await bus?.close();
    await db?.end();
    await node?.stop(10_000);
  });

  const create = (roomId: string) => bus.request('veil.rooms.create', { roomId });
  const act = (roomId: string, version: number, requestId: string) =>
    bus.request(`veil.room.${roomId}.cmd`, {
      type: 'act',
      seat: version % 2 === 0 ? 'p1' : 'p2',
      version,
      action: { type: 'draw' },
      requestId,
    });
  const events = async (roomId: string) =>
    (
      await db.query<{ version: number; request_id: string }>(
        'select version, request_id from floor_events where room_id = $1 order by version',
        [roomId],
      )
    ).rows;
  /** Sessions of this database waiting for a lock (the floor's commit, once it is blocked). */
  const waitingForLocks = async () =>
    (
      await db.query<{ n: number }>(
        `select count(*)::int as n from pg_stat_activity
         where datname = current_database() and wait_event_type = 'Lock'`,
      )
    ).rows[0]?.n;
  const viewsOf = async (roomId: string, version: number): Promise<Published[]> => {
    await bus.flush();
    const ofVersion = () => published.filter((p) => p.roomId === roomId && p.version === version);
    await expect.poll(() => ofVersion().length).toBe(3);
    return ofVersion();
  };

  it('acks an act with the next version, its event stored, then publishes its three views', async () => {
    await expect(create('floor-a')).resolves.toMatchObject({ ok: true });
    await expect(act('floor-a', 0, 'a0')).resolves.toEqual({ ok: true, version: 1 });
    // Read right after the ack: the event is already there.
    expect(await events('floor-a')).toEqual([{ version: 1, request_id: 'a0' }]);
    const views = await viewsOf('floor-a', 1);
    expect(views.map(({ viewer, seat }) => [viewer, seat]).sort()).toEqual([
      ['p1', 'p1'],
      ['p2', 'p2'],
      ['spectator', null],
    ]);
    await expect(act('floor-a', 1, 'a1')).resolves.toEqual({ ok: true, version: 2 });
  });

  it('holds the ack while its commit waits', async () => {
    await create('floor-c');
    // Another transaction holds the room's row: the floor's commit has to wait for it.
    const blocker = new pg.Client({ connectionString: databaseUrl });
    await blocker.connect();
    try {
      await blocker.query('begin');
      await blocker.query(`select 1 from floor_rooms where id = 'floor-c' for update`);
      let acked = false;
      const reply = act('floor-c', 0, 'c0').then((r) => {
        acked = true;
        return r;
      });
      await expect.poll(waitingForLocks).toBe(1);
      await bus.flush();
      expect(acked).toBe(false);
      await blocker.query('commit');
      await expect(reply).resolves.toEqual({ ok: true, version: 1 });
    } finally {
      await blocker.end();
    }
  });

  it('refuses an act at a version the room has left, and commits nothing', async () => {
    await expect(act('floor-a', 0, 'a0-again')).resolves.toEqual({ ok: false });
    expect(await events('floor-a')).toEqual([
      { version: 1, request_id: 'a0' },
      { version: 2, request_id: 'a1' },
    ]);
  });

  it('commits acts of many rooms sent at once, each acked with its own version', async () => {
    const rooms = Array.from({ length: 40 }, (_, i) => `floor-b${i}`);
    await Promise.all(rooms.map(create));
    const replies = await Promise.all(rooms.map((room) => act(room, 0, `${room}-0`)));
    expect(replies).toEqual(rooms.map(() => ({ ok: true, version: 1 })));
    const { rows } = await db.query<{ n: string }>(
      `select count(*) as n from floor_events where room_id like 'floor-b%'`,
    );
    expect(Number(rows[0]?.n)).toBe(40);
  });
});
