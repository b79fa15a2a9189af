import type { Bus } from '@veil/bus';
import type pg from 'pg';
import { afterAll, afterEach, beforeAll, expect, it } from 'vitest';
import {
  createTestDatabase,
  describeWithServices,
  services,
  waitForReady,
  type ManagedProcess,
} from '../support/index.js';
import { NODE_HEARTBEAT_SUBJECT } from '@veil/game';
import {
  act,
  connectClient,
  createParlorRoom,
  deciderOf,
  openDb,
  startGameNodeProcess,
} from './game-node-support.js';

// Takeover with the default lease (15 s): a node that dies (SIGKILL) or hangs (SIGSTOP) goes
// silent, and its peer takes its rooms over on the liveness deadline (2 s), not the lease. A
// hung node that resumes (SIGCONT) finds its rooms gone and commits nothing: the log of every
// room stays one event per acked request, versions without a gap.

const ROOMS = 6;
const DEFAULT_LEASE_TTL_MS = 15_000;

type Fault = 'SIGKILL' | 'SIGSTOP';

/**
 * Where the time went, from the survivor's log: ms after the fault at which it found the victim
 * gone, had moved its leases, and had loaded the last of its rooms (printed, never asserted).
 */
function phases(output: string, faultAt: number): string {
  const times = (msg: string) =>
    output.split('\n').flatMap((line) => {
      try {
        const entry = JSON.parse(line) as { msg?: string; time?: string };
        return entry.msg === msg && entry.time ? [Date.parse(entry.time) - faultAt] : [];
      } catch {
        return [];
      }
    });
  const gone = times('game node gone')[0];
  const moved = times('taking over rooms')[0];
  const loaded = times('room loaded')
    .filter((t) => t >= 0)
    .at(-1);
  return `gone at ${gone} ms, leases moved at ${moved} ms, last room loaded at ${loaded} ms`;
}

describeWithServices('game nodes: takeover on the liveness deadline', () => {
  let db: pg.Client;
  let client: Bus;
  let databaseUrl: string;
  const nodes: ManagedProcess[] = [];

  beforeAll(async () => {
    databaseUrl = await createTestDatabase('game_takeover');
    db = await openDb(databaseUrl);
    client = await connectClient(services().natsUrl, 'takeover-test');
  });

  async function stopNodes(): Promise<void> {
    for (const node of nodes.splice(0)) {
      if (!node.exitInfo()) process.kill(node.pid, 'SIGCONT');
      await node.stop(5_000);
    }
  }
  // Each case's nodes are stopped after it: a node left running would take the next one's rooms.
  afterEach(stopNodes);

  afterAll(async () => {
    await stopNodes();
    await client?.close();
    await db?.end();
  });

  /** Plays one action in the room (retrying a stale version); the version acked. */
  async function playOne(roomId: string, requestId: string): Promise<number> {
    for (;;) {
      const { seat, version, legal } = await deciderOf(client, roomId);
      const action = legal.find((a) => a.type === 'end') ?? legal[0];
      if (!action) throw new Error(`no legal action in ${roomId}`);
      const reply = await act(client, roomId, seat, version, action, requestId);
      if (reply.ok) return reply.version;
      expect(reply.error.code).toBe('stale_version');
    }
  }

  it.each<Fault>(['SIGKILL', 'SIGSTOP'])(
    'moves a %s node’s rooms without waiting out the lease',
    async (fault) => {
      const { natsUrl } = services();
      const [victim, survivor] = ['a', 'b'].map((n) => `takeover-${fault}-${n}`) as [
        string,
        string,
      ];
      const start = async (nodeId: string) => {
        const node = await startGameNodeProcess(nodeId, {
          databaseUrl,
          natsUrl,
          leaseTtlMs: DEFAULT_LEASE_TTL_MS,
        });
        nodes.push(node);
        return node;
      };
      // Every room is created on the victim: it runs alone until they are.
      const victimNode = await start(victim);
      const roomIds = Array.from({ length: ROOMS }, (_, i) => `takeover-${fault}-${i}`);
      for (const roomId of roomIds) {
        await createParlorRoom(client, roomId, { gameOptions: { turns: 500 } });
      }
      for (const roomId of roomIds) await playOne(roomId, `${roomId}-before`);
      const survivorNode = await start(survivor);
      // The survivor has heard the victim once a heartbeat went out after it started.
      const heard: string[] = [];
      const sub = await client.subscribe(NODE_HEARTBEAT_SUBJECT, ({ data }) => {
        heard.push((data as { nodeId: string }).nodeId);
      });
      await waitForReady(
        'a heartbeat of the victim',
        async () => {
          expect(heard).toContain(victim);
        },
        { timeoutMs: 10_000 },
      );
      await sub.unsubscribe();

      const faultAt = Date.now();
      process.kill(victimNode.pid, fault);
      const takeover = await Promise.all(
        roomIds.map(async (roomId) => {
          await playOne(roomId, `${roomId}-after`);
          return Date.now() - faultAt;
        }),
      );
      takeover.sort((x, y) => x - y);
      console.log(
        `[game-node takeover] ${fault}, lease TTL ${DEFAULT_LEASE_TTL_MS} ms (default), ` +
          `${ROOMS} rooms: fault → first ack in a moved room ` +
          `min ${takeover[0]} ms, median ${takeover[ROOMS >> 1]} ms, max ${takeover.at(-1)} ms ` +
          `(survivor: ${phases(survivorNode.output(), faultAt)})`,
      );

      const leases = await db.query<{ id: string; lease_owner: string | null }>(
        'select id, lease_owner from rooms where id = any($1)',
        [roomIds],
      );
      for (const row of leases.rows) expect(row.lease_owner, row.id).toBe(survivor);

      if (fault === 'SIGSTOP') {
        // Resumed, the node finds its leases gone at its next renewal and lets the rooms go.
        process.kill(victimNode.pid, 'SIGCONT');
        await victimNode.waitForOutput(/"msg":"lease lost"/, 30_000);
        for (const roomId of roomIds) await playOne(roomId, `${roomId}-resumed`);
      }
      // One event per acked request, in order, none from the victim after the fault.
      const perRoom = fault === 'SIGSTOP' ? 3 : 2;
      const events = await db.query<{ room_id: string; version: number; request_id: string }>(
        'select room_id, version, request_id from room_events where room_id = any($1) order by room_id, version',
        [roomIds],
      );
      expect(events.rows).toHaveLength(ROOMS * perRoom);
      for (const roomId of roomIds) {
        const versions = events.rows.filter((e) => e.room_id === roomId).map((e) => e.version);
        expect(versions, roomId).toEqual(Array.from({ length: perRoom }, (_, i) => i + 1));
      }
      await waitForReady(
        'leases still the survivor’s',
        async () => {
          const held = await db.query<{ n: number }>(
            'select count(*)::int as n from rooms where id = any($1) and lease_owner = $2',
            [roomIds, survivor],
          );
          expect(held.rows[0]?.n).toBe(ROOMS);
        },
        { timeoutMs: 5_000 },
      );
      expect(survivorNode.exitInfo()).toBeUndefined();
    },
  );
});
