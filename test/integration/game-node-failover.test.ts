import type { Bus } from '@veil/bus';
import type pg from 'pg';
import { afterAll, beforeAll, expect, it } from 'vitest';
import {
  createTestDatabase,
  describeWithServices,
  services,
  waitForReady,
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
  ViewWatcher,
} from './game-node-support.js';

// Two game nodes as child processes on real Postgres and NATS. Rooms are spread over both by
// the creation queue group; mid-game one node is SIGKILLed and the other takes its rooms over
// on the next placement request (after the dead node's lease expires).

const ROOMS = 6;
const ACTIONS_PER_ROOM = 24;
const KILL_AFTER = 8;
const LEASE_TTL_MS = 2_000;

interface Acked {
  roomId: string;
  seat: string;
  requestId: string;
  version: number;
}

describeWithServices('game nodes: failover after SIGKILL', () => {
  let db: pg.Client;
  let client: Bus;
  let databaseUrl: string;
  const nodes = new Map<string, ManagedProcess>();

  beforeAll(async () => {
    const { natsUrl } = services();
    databaseUrl = await createTestDatabase('game_failover');
    db = await openDb(databaseUrl);
    for (const nodeId of ['game-a', 'game-b']) {
      nodes.set(
        nodeId,
        await startGameNodeProcess(nodeId, { databaseUrl, natsUrl, leaseTtlMs: LEASE_TTL_MS }),
      );
    }
    client = await connectClient(natsUrl, 'failover-test');
  });

  afterAll(async () => {
    await client?.close();
    await Promise.all([...nodes.values()].map((n) => n.stop()));
    await db?.end();
  });

  it('keeps every acked action exactly once, with no view gap, and drains cleanly', async () => {
    const roomIds = Array.from({ length: ROOMS }, (_, i) => `failover-${i}`);
    const owners = new Map<string, string>();
    const watchers = new Map<string, ViewWatcher>();
    for (const roomId of roomIds) {
      watchers.set(roomId, await ViewWatcher.watch(client, roomId, 'p1'));
      owners.set(roomId, await createParlorRoom(client, roomId, { gameOptions: { turns: 500 } }));
    }
    const victim = owners.get(roomIds[0] as string) as string;
    const victimRooms = roomIds.filter((id) => owners.get(id) === victim);

    const acked: Acked[] = [];
    let progress = 0;
    let killedAt = 0;
    const firstAckAfterKill = new Map<string, number>();
    let killing: Promise<void> | null = null;

    const drive = async (roomId: string): Promise<void> => {
      for (let i = 0; i < ACTIONS_PER_ROOM; i += 1) {
        if (progress >= KILL_AFTER * ROOMS && killing === null) {
          killedAt = Date.now();
          const child = nodes.get(victim) as ManagedProcess;
          process.kill(child.pid, 'SIGKILL');
          killing = child.exited.then(() => undefined);
        }
        const requestId = `${roomId}-a${i}`;
        const sentAt = Date.now();
        for (;;) {
          const { seat, version, legal } = await deciderOf(client, roomId);
          const action = legal.find((a) => a.type === 'end') ?? legal[0];
          if (!action) throw new Error(`no legal action in ${roomId}`);
          const reply = await act(client, roomId, seat, version, action, requestId);
          if (reply.ok) {
            acked.push({ roomId, seat, requestId, version: reply.version });
            // Only requests sent after the kill: a reply already on its way does not count.
            if (killedAt > 0 && sentAt >= killedAt && !firstAckAfterKill.has(roomId)) {
              firstAckAfterKill.set(roomId, Date.now());
            }
            break;
          }
          // Only a stale version (the node moved on between our sync and act) is retried.
          expect(reply.error.code).toBe('stale_version');
        }
        progress += 1;
      }
    };
    await Promise.all(roomIds.map(drive));
    await killing;
    expect(nodes.get(victim)?.exitInfo()?.signal).toBe('SIGKILL');

    // Every acked action is in the event log exactly once, at the version it was acked with.
    const events = await db.query<{
      room_id: string;
      seat: string;
      request_id: string;
      version: number;
    }>('select room_id, seat, request_id, version from room_events');
    const byRequest = new Map<string, number[]>();
    for (const e of events.rows) {
      const key = `${e.room_id}/${e.seat}/${e.request_id}`;
      byRequest.set(key, [...(byRequest.get(key) ?? []), e.version]);
    }
    let lost = 0;
    let appliedTwice = 0;
    for (const a of acked) {
      const versions = byRequest.get(`${a.roomId}/${a.seat}/${a.requestId}`) ?? [];
      if (!versions.includes(a.version)) lost += 1;
      if (versions.length > 1) appliedTwice += 1;
    }
    expect(acked).toHaveLength(ROOMS * ACTIONS_PER_ROOM);
    expect(events.rows).toHaveLength(ROOMS * ACTIONS_PER_ROOM);
    expect(lost).toBe(0);
    expect(appliedTwice).toBe(0);

    // The survivor runs every room now.
    const survivor = victim === 'game-a' ? 'game-b' : 'game-a';
    const leases = await db.query<{ id: string; lease_owner: string | null }>(
      'select id, lease_owner from rooms',
    );
    for (const row of leases.rows) expect(row.lease_owner).toBe(survivor);

    // A subscriber to a seat's views sees every version, with no gap.
    for (const roomId of roomIds) {
      const watcher = watchers.get(roomId) as ViewWatcher;
      await waitForReady(
        `views of ${roomId}`,
        async () => {
          if (watcher.versions.at(-1) !== ACTIONS_PER_ROOM) throw new Error('not yet');
        },
        { timeoutMs: 10_000 },
      );
      expect(watcher.gaps()).toBe(0);
      expect(new Set(watcher.versions).size).toBe(ACTIONS_PER_ROOM + 1);
    }

    // The stored rooms replay to byte-identical snapshots.
    for (const roomId of roomIds) {
      const replay = await replayStoredRoom(db, roomId);
      expect(replay.events).toBe(ACTIONS_PER_ROOM);
      expect(replay.mismatched).toEqual([]);
      expect(replay.compared).toBeGreaterThan(1);
    }

    // Snapshots follow the store's policy — creation, every 20 events, quiet pauses — not one per
    // move: the takeover above loaded a snapshot and replayed the events after it.
    const snapshots = await db.query<{ n: number }>(
      'select count(*)::int as n from room_snapshots',
    );
    expect(snapshots.rows[0]?.n).toBeLessThan((ROOMS * ACTIONS_PER_ROOM) / 2);

    const takeovers = victimRooms
      .map((id) => (firstAckAfterKill.get(id) ?? NaN) - killedAt)
      .sort((a, b) => a - b);
    console.log(
      `[game-node failover] lease TTL ${LEASE_TTL_MS} ms; rooms ${ROOMS} (${victimRooms.length} ` +
        `on the killed node); takeover time (kill → first ack in a moved room) ` +
        `min ${takeovers[0]} ms, max ${takeovers.at(-1)} ms; ` +
        `acked ${acked.length}, lost ${lost}, applied twice ${appliedTwice}`,
    );

    // SIGTERM drains the survivor: exit 0, every lease released.
    const exit = await (nodes.get(survivor) as ManagedProcess).stop(30_000);
    expect(exit.code).toBe(0);
    const released = await db.query<{ n: number }>(
      'select count(*)::int as n from rooms where lease_owner is not null',
    );
    expect(released.rows[0]?.n).toBe(0);
    // Drained rooms leave memory snapshotted at their version: the next load replays nothing.
    const latest = await db.query<{ id: string; version: number; snapshot: number }>(
      `select r.id, r.version, max(s.version)::int as snapshot
       from rooms r join room_snapshots s on s.room_id = r.id group by r.id, r.version`,
    );
    expect(latest.rows).toHaveLength(ROOMS);
    for (const row of latest.rows) expect(row.snapshot, row.id).toBe(row.version);
  });
});
