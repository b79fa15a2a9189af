import { randomUUID } from 'node:crypto';
import type { Socket } from 'node:net';
import { fileURLToPath } from 'node:url';
import {
  migrateStoreTo,
  openPostgresPoolStore,
  openPostgresRoomStore,
  storeMigrations,
  type CommitItem,
  type NewRoom,
  type RoomStatus,
  type RoomStore,
} from '@veil/store';
import { describeRoomStoreContract } from '@veil/store/contract';
import { Kysely, PostgresDialect } from 'kysely';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createTestDatabase,
  describeWithServices,
  dropTestDatabase,
  startProcess,
  type ManagedProcess,
} from '../support/index.js';

// The RoomStore contract against a real Postgres server (node-postgres pool), plus what only a
// server can show: several processes and pools (nodes) racing on one database.

const repoRoot = fileURLToPath(new URL('../..', import.meta.url));
const migrationNames = Object.keys(storeMigrations).sort();
const BARRIER = [7215, 1];

/** A room of game `g` at version 0, for tests of the store alone. */
function blankRoom(
  id: string,
  seats: NewRoom['seats'] = { corp: { kind: 'human', tokenHash: 'h' } },
): NewRoom {
  return { id, game: 'g', rulesVersion: 1, options: {}, seats, snapshot: {} };
}

/** A commit of one act by `corp`, acknowledged with its request id. */
function item(roomId: string, expectedVersion: number, requestId: string): CommitItem {
  return {
    roomId,
    expectedVersion,
    seat: 'corp',
    requestId,
    action: { n: requestId },
    ack: { ok: true, requestId },
  };
}

/** A node of a plan as EXPLAIN (ANALYZE, FORMAT JSON) gives it. */
interface PlanNode {
  'Actual Rows'?: number;
  'Actual Loops'?: number;
  'Rows Removed by Filter'?: number;
  'Rows Removed by Join Filter'?: number;
  Plans?: PlanNode[];
}

interface ExplainedStatement {
  'Query Text': string;
  Plan: PlanNode;
}

/** Every row each node of an executed plan produced or threw away, over all of its loops. */
function rowsProcessed(node: PlanNode): number {
  const perLoop =
    (node['Actual Rows'] ?? 0) +
    (node['Rows Removed by Filter'] ?? 0) +
    (node['Rows Removed by Join Filter'] ?? 0);
  const own = perLoop * (node['Actual Loops'] ?? 1);
  return own + (node.Plans ?? []).reduce((sum, child) => sum + rowsProcessed(child), 0);
}

/**
 * A one-connection pool whose session sends back the executed plan of each statement it runs
 * (Postgres' auto_explain, as a notice): `plans` collects those whose text `matches`.
 */
function explainingPool(url: string, matches: (queryText: string) => boolean) {
  const plans: PlanNode[] = [];
  const pool = new pg.Pool({ connectionString: url, max: 1 });
  pool.on('connect', (client) => {
    client.on('notice', (notice) => {
      const json = /plan:\s*(\{[\s\S]*\})\s*$/.exec(notice.message ?? '')?.[1];
      const explained = json ? (JSON.parse(json) as ExplainedStatement) : undefined;
      if (explained && matches(explained['Query Text'])) plans.push(explained.Plan);
    });
    void client.query(
      `load 'auto_explain'; set auto_explain.log_min_duration = 0;
       set auto_explain.log_analyze = on; set auto_explain.log_format = 'json';
       set auto_explain.log_level = 'notice'; set client_min_messages = 'notice'`,
    );
  });
  return { pool, plans };
}

/** Takes a migrated database back to where migration `last` left it (an earlier release). */
async function migrateDownTo(url: string, last: string): Promise<void> {
  const pool = new pg.Pool({ connectionString: url, max: 1 });
  const db = new Kysely<unknown>({ dialect: new PostgresDialect({ pool }) });
  try {
    await migrateStoreTo(db, last);
  } finally {
    await db.destroy();
  }
}

/** Waits (bounded) until `count` sessions are blocked on the barrier lock. */
async function waitForWaiters(
  gate: pg.Client,
  count: number,
  children: readonly ManagedProcess[],
): Promise<void> {
  const deadline = Date.now() + 120_000;
  for (;;) {
    const { rows } = await gate.query<{ waiting: number }>(
      `select count(*)::int as waiting from pg_locks
       where locktype = 'advisory' and not granted and classid = $1 and objid = $2`,
      BARRIER,
    );
    if ((rows[0]?.waiting ?? 0) >= count) return;
    const exited = children.find((child) => child.exitInfo() !== undefined);
    if (exited) throw new Error(`${exited.name} exited early: ${exited.output()}`);
    if (Date.now() > deadline) throw new Error('migration processes never reached the barrier');
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

describeWithServices('store on real Postgres', () => {
  describeRoomStoreContract(
    'node-postgres',
    async (options) => {
      const url = await createTestDatabase('store');
      const store = await openPostgresRoomStore({
        connectionString: url,
        migrate: options?.migrate ?? true,
      });
      return {
        store,
        cleanup: async () => {
          await store.close();
          await dropTestDatabase(url);
        },
      };
    },
    { races: 200 },
  );

  describe('the grouped commit as a named prepared statement', () => {
    it('is prepared on the connection and decides every case right under its generic plan', async () => {
      const url = await createTestDatabase('store_prepared');
      // One connection, so the checks below run in the session that holds the statement; the
      // generic plan is forced from the first execution (Postgres switches to it after five).
      const pool = new pg.Pool({ connectionString: url, max: 1 });
      pool.on('connect', (client) => void client.query('set plan_cache_mode = force_generic_plan'));
      const store = await openPostgresPoolStore(pool);
      try {
        const [a, b] = ['a', 'b'].map((n) => `room-${n}-${randomUUID()}`) as [string, string];
        for (const id of [a, b]) {
          await store.createRoom(blankRoom(id));
        }
        expect(await store.commitBatch([item(a, 0, 'a1'), item(b, 0, 'b1')])).toEqual([
          { status: 'committed', version: 1 },
          { status: 'committed', version: 1 },
        ]);
        expect(
          await store.commitBatch([
            item(a, 1, 'a2'),
            item(b, 0, 'b-stale'),
            item(`room-missing-${randomUUID()}`, 0, 'x'),
          ]),
        ).toEqual([
          { status: 'committed', version: 2 },
          { status: 'conflict', currentVersion: 1 },
          { status: 'not_found' },
        ]);
        expect(await store.commitBatch([item(a, 0, 'a1'), item(b, 1, 'b2')])).toEqual([
          { status: 'duplicate', version: 1, ack: { ok: true, requestId: 'a1' } },
          { status: 'committed', version: 2 },
        ]);
        for (let v = 2; v < 8; v++) {
          expect(await store.commitBatch([item(a, v, `a${v + 1}`)])).toEqual([
            { status: 'committed', version: v + 1 },
          ]);
        }
        const { rows } = await pool.query<{ generic_plans: string }>(
          `select generic_plans from pg_prepared_statements where name like 'veil_commit_distinct_rooms_v%'`,
        );
        expect(rows).toHaveLength(1);
        expect(Number(rows[0]?.generic_plans)).toBeGreaterThanOrEqual(9);
        const loaded = await store.load(a);
        expect(loaded?.room.version).toBe(8);
        expect(loaded?.events.map((e) => e.requestId)).toEqual([
          'a1',
          'a2',
          'a3',
          'a4',
          'a5',
          'a6',
          'a7',
          'a8',
        ]);
      } finally {
        await store.close();
        await dropTestDatabase(url);
      }
    });
  });

  describe('lease renewal beside commits', () => {
    // A commit holds its rooms' rows locked until it ends. A renewal that waited for one of them
    // while holding the rows before it would stall every commit of those rooms as well.
    it('renews and frees the rooms no commit holds while it waits for the one a commit holds', async () => {
      const url = await createTestDatabase('store_renewal_locks');
      const store = await openPostgresRoomStore({ connectionString: url });
      const commit = new pg.Client({ connectionString: url });
      const observer = new pg.Client({ connectionString: url });
      await Promise.all([commit.connect(), observer.connect()]);
      try {
        // Renewals lock in id order: the busy room sits between the other two.
        const suffix = randomUUID();
        const [first, busy, last] = ['a', 'b', 'c'].map((n) => `room-${n}-${suffix}`) as [
          string,
          string,
          string,
        ];
        for (const id of [first, busy, last]) {
          await store.createRoom(blankRoom(id));
          expect((await store.claimLease(id, 'node-1', 60_000)).status).toBe('claimed');
        }
        const untilBefore = async (id: string) => (await store.leaseState(id))?.leaseUntil;
        const before = new Map([
          [first, await untilBefore(first)],
          [last, await untilBefore(last)],
        ]);
        // A commit in flight on the busy room: its row locked as commitBatch locks it.
        await commit.query('begin');
        await commit.query('select id from rooms where id = $1 for no key update', [busy]);

        const renewal = store.renewLeases([first, busy, last], 'node-1', 120_000);
        // Wait (bounded) until the renewal is blocked on the busy room's row.
        const deadline = Date.now() + 30_000;
        for (;;) {
          const { rows } = await observer.query<{ n: number }>(
            `select count(*)::int as n from pg_stat_activity
             where datname = current_database() and wait_event_type = 'Lock'`,
          );
          if ((rows[0]?.n ?? 0) > 0) break;
          if (Date.now() > deadline) throw new Error('the renewal never waited for the busy room');
          await new Promise((resolve) => setTimeout(resolve, 20));
        }
        // Meanwhile the other two rooms are renewed already, and no longer locked.
        const free = await observer.query<{ id: string }>(
          `select id from rooms where id = any ($1) order by id for no key update nowait`,
          [[first, last]],
        );
        expect(free.rows.map((r) => r.id)).toEqual([first, last]);
        for (const id of [first, last]) {
          expect((await untilBefore(id))?.getTime()).toBeGreaterThan(
            before.get(id)?.getTime() ?? Infinity,
          );
        }

        await commit.query('commit');
        const results = await renewal;
        expect([...results.values()].map((r) => r.status)).toEqual([
          'renewed',
          'renewed',
          'renewed',
        ]);
      } finally {
        await commit.query('rollback').catch(() => undefined);
        await Promise.all([commit.end(), observer.end()]);
        await store.close();
        await dropTestDatabase(url);
      }
    });
  });

  describe('statements whose plans must not grow with the table', () => {
    // Postgres' auto_explain sends each statement's executed plan back to the session, so these
    // count the rows a statement really processed, not its time.

    // A node renews all of its leases every few seconds, and the statistics the planner reads are
    // stale by nature: taken when the leases had ended, or when another node (or none) held the
    // rooms.
    it("renewing a node's leases reads each room once, even when the statistics say the node holds none", async () => {
      const rooms = 400;
      const url = await createTestDatabase('store_renewal');
      const { pool, plans } = explainingPool(url, (text) => text.includes('lease_until'));
      const store = await openPostgresPoolStore(pool);
      try {
        const ids = Array.from({ length: rooms }, (_, i) => `room-renew-${i}-${randomUUID()}`);
        for (const id of ids) await store.createRoom(blankRoom(id));
        // Statistics taken while no node held these rooms; then one node takes them all.
        await pool.query('analyze rooms');
        await pool.query(
          `update rooms set lease_owner = 'node-1', lease_until = now() + interval '1 minute'`,
        );
        plans.length = 0;
        const results = await store.renewLeases(ids, 'node-1', 60_000);
        expect([...results.values()].every((r) => r.status === 'renewed')).toBe(true);
        expect(plans).toHaveLength(1);
        // A handful of rows per room (the ids, the lock, the update), not every id per room.
        expect(rowsProcessed(plans[0] as PlanNode)).toBeLessThan(10 * rooms);
      } finally {
        await store.close();
        await dropTestDatabase(url);
      }
    });

    // Rooms are never deleted, so the lobby's listing of the newest rooms must not read them all,
    // whatever statuses it asks for.
    it('listing the newest rooms reads about as many rows as it lists', async () => {
      const rooms = 5_000;
      const limit = 50;
      const statuses = ['waiting', 'active', 'finished'] as const;
      const statusOf = (n: number) => statuses[n % 3] as RoomStatus;
      const url = await createTestDatabase('store_listing');
      const { pool, plans } = explainingPool(url, (text) => text.includes('order by'));
      const store = await openPostgresPoolStore(pool);
      try {
        await pool.query(
          `insert into rooms (id, game, rules_version, seats, status, created_at)
           select 'room-' || n, 'g', 1, '{}', (array['waiting', 'active', 'finished'])[n % 3 + 1],
             now() - n * interval '1 second'
           from generate_series(1, $1) as n`,
          [rooms],
        );
        await pool.query('analyze rooms');
        const newest = (wanted: readonly RoomStatus[]) =>
          Array.from({ length: rooms }, (_, i) => i + 1)
            .filter((n) => wanted.includes(statusOf(n)))
            .slice(0, limit)
            .map((n) => `room-${n}`);
        for (const status of [undefined, 'active', ['waiting', 'finished']] as const) {
          plans.length = 0;
          const listed = await store.listRooms(
            status === undefined ? { limit } : { status, limit },
          );
          const wanted = status === undefined ? statuses : ([] as RoomStatus[]).concat(status);
          expect(listed.map((r) => r.id)).toEqual(newest(wanted));
          expect(plans, `status ${String(status)}`).toHaveLength(1);
          const read = rowsProcessed(plans[0] as PlanNode);
          expect(read, `rows read for status ${String(status)}`).toBeLessThan(10 * limit);
        }
      } finally {
        await store.close();
        await dropTestDatabase(url);
      }
    });
  });

  describe('the connections the grouped commit keeps', () => {
    it('are reused from one commit to the next and given back when the store closes', async () => {
      const url = await createTestDatabase('store_kept');
      const pool = new pg.Pool({ connectionString: url, max: 10 });
      const store = await openPostgresPoolStore(pool);
      let closed = false;
      try {
        const id = `room-kept-${randomUUID()}`;
        await store.createRoom(blankRoom(id));
        for (let v = 0; v < 5; v++) {
          expect(await store.commitBatch([item(id, v, `k${v}`)])).toEqual([
            { status: 'committed', version: v + 1 },
          ]);
          // The commit's connection stays checked out between commits (kept, not idle in the
          // pool), and no commit needed another one.
          expect(pool.totalCount - pool.idleCount).toBe(1);
        }
        // Ending a pool waits for every checked-out connection: close would hang if the kept
        // one were not given back.
        await store.close();
        closed = true;
        expect(pool.totalCount).toBe(0);
      } finally {
        if (!closed) await store.close();
        await dropTestDatabase(url);
      }
    });

    it('are dropped when their server session ends, and the next commit takes a new one', async () => {
      const url = await createTestDatabase('store_kept_killed');
      const pool = new pg.Pool({ connectionString: url, max: 10 });
      const store = await openPostgresPoolStore(pool);
      const admin = new pg.Client({ connectionString: url });
      await admin.connect();
      try {
        const id = `room-killed-${randomUUID()}`;
        await store.createRoom(blankRoom(id));
        expect(await store.commitBatch([item(id, 0, 'x1')])).toEqual([
          { status: 'committed', version: 1 },
        ]);
        // Reads at once leave connections idle in the pool besides the kept one.
        await Promise.all(Array.from({ length: 3 }, () => store.listRooms()));
        expect(pool.idleCount).toBeGreaterThan(0);
        // Every other session of this database ends, the kept and the idle connections' included:
        // each 'error' must be handled (unhandled, it would end the process) and the connection
        // let go. The pool is the caller's: the store listens on it, as it owns it.
        await admin.query(
          `select pg_terminate_backend(pid) from pg_stat_activity
           where datname = current_database() and pid <> pg_backend_pid()`,
        );
        await expect.poll(() => pool.totalCount, { timeout: 10_000 }).toBe(0);
        expect(await store.commitBatch([item(id, 1, 'x2')])).toEqual([
          { status: 'committed', version: 2 },
        ]);
        expect((await store.load(id))?.room.version).toBe(2);
      } finally {
        await admin.end();
        await store.close();
        await dropTestDatabase(url);
      }
    });
  });

  it('survives a connection lost in the middle of a statement: the statement fails, the process goes on', async () => {
    const url = await createTestDatabase('store_lost_mid_query');
    const pool = new pg.Pool({ connectionString: url, max: 2 });
    const store = await openPostgresPoolStore(pool);
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    try {
      // A checked-out connection, as the store's statements and transactions hold them.
      const client = await pool.connect();
      const { rows } = await client.query<{ pid: number }>('select pg_backend_pid() as pid');
      const slow = client.query('select pg_sleep(30)');
      const failed = expect(slow).rejects.toThrow(/terminated/);
      // The socket closes with no word from the server (as when Postgres is stopped at once):
      // node-postgres then emits 'error' on the client before anyone can release it.
      (client as unknown as { connection: { stream: Socket } }).connection.stream.destroy();
      await failed;
      client.release(new Error('lost'));
      await admin.query('select pg_terminate_backend($1)', [rows[0]!.pid]);
      // Unhandled, that 'error' would have ended this process before here.
      const id = `room-after-loss-${randomUUID()}`;
      await store.createRoom(blankRoom(id));
      expect((await store.load(id))?.room.version).toBe(0);
    } finally {
      await admin.end();
      await store.close();
      await dropTestDatabase(url);
    }
  });

  describe("the pool's idle connections", () => {
    it('are closed once idle for idleTimeoutMs when one is given', async () => {
      const url = await createTestDatabase('store_idle');
      const store = await openPostgresRoomStore({ connectionString: url, idleTimeoutMs: 300 });
      const admin = new pg.Client({ connectionString: url });
      await admin.connect();
      const sessions = async (): Promise<number> => {
        const { rows } = await admin.query<{ n: number }>(
          `select count(*)::int as n from pg_stat_activity
           where datname = current_database() and pid <> pg_backend_pid()`,
        );
        return rows[0]?.n ?? -1;
      };
      try {
        // Queries at once each take a connection of their own.
        await Promise.all(Array.from({ length: 4 }, () => store.listRooms()));
        expect(await sessions()).toBeGreaterThanOrEqual(2);
        await expect.poll(sessions, { timeout: 10_000, interval: 100 }).toBe(0);
      } finally {
        await admin.end();
        await store.close();
        await dropTestDatabase(url);
      }
    });
  });

  describe('an index an operator built beforehand', () => {
    it('is kept by the migration that would build it (docs/operations.md)', async () => {
      const url = await createTestDatabase('store_prebuilt_index');
      const admin = new pg.Client({ connectionString: url });
      await admin.connect();
      try {
        // A database migrated up to 0004, whose operator then built 0005's index concurrently.
        const before = await openPostgresRoomStore({ connectionString: url });
        await before.close();
        await migrateDownTo(url, '0004_drop_per_row_room_checks');
        await admin.query(
          `create index concurrently rooms_created_at_id_idx on rooms (created_at desc, id desc)`,
        );
        const store = await openPostgresRoomStore({ connectionString: url, migrate: false });
        try {
          expect(await store.migrate()).toEqual({
            applied: migrationNames.filter((n) => n > '0004_drop_per_row_room_checks'),
          });
        } finally {
          await store.close();
        }
        const { rows } = await admin.query<{ n: number }>(
          `select count(*)::int as n from pg_indexes where indexname = 'rooms_created_at_id_idx'`,
        );
        expect(rows[0]?.n).toBe(1);
      } finally {
        await admin.end();
        await dropTestDatabase(url);
      }
    });
  });

  describe('snapshots stored as json', () => {
    it('are compressed with lz4, and those stored as jsonb before migration 0006 still load', async () => {
      const url = await createTestDatabase('store_snapshot_json');
      const admin = new pg.Client({ connectionString: url });
      await admin.connect();
      const column = async () =>
        (
          await admin.query<{ type: string; compression: string }>(
            `select format_type(atttypid, atttypmod) as type, attcompression as compression
             from pg_attribute where attrelid = 'room_snapshots'::regclass and attname = 'snapshot'`,
          )
        ).rows[0];
      try {
        // A database as migration 0005 left it, holding a room whose snapshots are jsonb.
        const before = await openPostgresRoomStore({ connectionString: url });
        await before.createRoom({ ...blankRoom('jsonb-room'), snapshot: { at: 0 } });
        await before.appendEvent({ ...item('jsonb-room', 0, 'r1'), snapshot: { at: 1 } });
        await before.close();
        await migrateDownTo(url, '0005_index_rooms_by_recency');
        expect(await column()).toEqual({ type: 'jsonb', compression: '' });

        const store = await openPostgresRoomStore({ connectionString: url, migrate: false });
        try {
          expect(await store.migrate()).toEqual({
            applied: migrationNames.filter((n) => n > '0005_index_rooms_by_recency'),
          });
          expect(await column()).toEqual({ type: 'json', compression: 'l' });
          // Every row converted, and a load reads the latest.
          const converted = await admin.query<{ version: number; snapshot: unknown }>(
            `select version, snapshot from room_snapshots where room_id = 'jsonb-room' order by 1`,
          );
          expect(converted.rows).toEqual([
            { version: 0, snapshot: { at: 0 } },
            { version: 1, snapshot: { at: 1 } },
          ]);
          const loaded = await store.load('jsonb-room');
          expect(loaded?.snapshot).toMatchObject({ version: 1, snapshot: { at: 1 } });
          // A snapshot over the TOAST threshold (~2 KB) is compressed, and reads back whole.
          const big = { cards: Array.from({ length: 2_000 }, (_, i) => ({ code: `c${i % 40}` })) };
          await store.appendEvent({ ...item('jsonb-room', 1, 'r2'), snapshot: big });
          expect((await store.load('jsonb-room'))?.snapshot.snapshot).toEqual(big);
          const { rows } = await admin.query<{ method: string | null }>(
            `select pg_column_compression(snapshot) as method from room_snapshots
             where room_id = 'jsonb-room' and version = 2`,
          );
          expect(rows[0]?.method).toBe('lz4');
        } finally {
          await store.close();
        }
      } finally {
        await admin.end();
        await dropTestDatabase(url);
      }
    });
  });

  describe('several processes on one fresh database', () => {
    it('migrate at the same time and apply each migration exactly once', async () => {
      const url = await createTestDatabase('store_migrate');
      // A start barrier: the children block on a shared advisory lock that this test holds
      // exclusively, and are let go together once all of them are waiting.
      const gate = new pg.Client({ connectionString: url });
      await gate.connect();
      try {
        await gate.query('select pg_advisory_lock($1, $2)', BARRIER);
        const script = [
          "import pg from 'pg';",
          "import { openPostgresRoomStore } from '@veil/store';",
          'const url = process.env.STORE_URL;',
          'const gate = new pg.Client({ connectionString: url });',
          'await gate.connect();',
          `await gate.query('select pg_advisory_lock_shared($1, $2)', ${JSON.stringify(BARRIER)});`,
          'await gate.end();',
          'const store = await openPostgresRoomStore({ connectionString: url, migrate: false });',
          'const report = await store.migrate();',
          'await store.close();',
          "console.log('APPLIED ' + JSON.stringify(report.applied));",
        ].join('\n');
        const children = await Promise.all(
          [1, 2, 3].map((n) =>
            startProcess({
              name: `migrate-${n}`,
              command: process.execPath,
              args: ['--import', 'tsx', '--input-type=module', '-e', script],
              cwd: repoRoot,
              env: { ...process.env, STORE_URL: url },
            }),
          ),
        );
        await waitForWaiters(gate, children.length, children);
        await gate.query('select pg_advisory_unlock($1, $2)', BARRIER);

        const applied = await Promise.all(
          children.map(async (child) => {
            const exit = await child.exited;
            expect(exit, child.output()).toEqual({ code: 0, signal: null });
            const match = /APPLIED (.*)/.exec(child.output());
            if (!match?.[1]) throw new Error(`no report from ${child.name}: ${child.output()}`);
            return JSON.parse(match[1]) as string[];
          }),
        );
        // One process applied everything, the others found nothing left to do.
        expect(applied.sort((a, b) => b.length - a.length)).toEqual([migrationNames, [], []]);
      } finally {
        await gate.end();
        await dropTestDatabase(url);
      }
    }, 180_000);
  });

  describe('two nodes (separate pools) on one database', () => {
    let url: string;
    let nodeA: RoomStore;
    let nodeB: RoomStore;

    beforeAll(async () => {
      url = await createTestDatabase('store_nodes');
      [nodeA, nodeB] = await Promise.all([
        openPostgresRoomStore({ connectionString: url }),
        openPostgresRoomStore({ connectionString: url }),
      ]);
    }, 180_000);
    afterAll(async () => {
      await Promise.all([nodeA?.close(), nodeB?.close()]);
      if (url) await dropTestDatabase(url);
    });

    it('cannot both commit a version, even while both believe they own the room', async () => {
      const ids = Array.from({ length: 200 }, () => `room-${randomUUID()}`);
      await Promise.all(ids.map((id) => nodeA.createRoom(blankRoom(id))));
      // Three rounds per room; each round both nodes write the same next version.
      for (let round = 0; round < 3; round++) {
        const outcomes = await Promise.all(
          ids.map((roomId) =>
            Promise.all(
              [nodeA, nodeB].map((node, i) =>
                node.commitBatch([
                  {
                    roomId,
                    expectedVersion: round,
                    seat: 'corp',
                    requestId: `${round}-${i}`,
                    action: { node: i },
                  },
                ]),
              ),
            ),
          ),
        );
        for (const [resultA, resultB] of outcomes) {
          expect([resultA?.[0], resultB?.[0]]).toEqual(
            expect.arrayContaining([
              { status: 'committed', version: round + 1 },
              { status: 'conflict', currentVersion: round + 1 },
            ]),
          );
        }
      }
      const loaded = await Promise.all(ids.map((id) => nodeB.load(id)));
      for (const room of loaded) {
        expect(room?.room.version).toBe(3);
        expect(room?.events.map((e) => e.version)).toEqual([1, 2, 3]);
      }
    });

    it('hand a lease from one node to the other only once it expires', async () => {
      const id = `room-${randomUUID()}`;
      await nodeA.createRoom(blankRoom(id, {}));
      const claims = await Promise.all([
        nodeA.claimLease(id, 'node-a', 60_000),
        nodeB.claimLease(id, 'node-b', 60_000),
      ]);
      expect(claims.map((c) => c.status).sort()).toEqual(['claimed', 'held']);
    });
  });
});
