/**
 * The floor under the act → view latency (the benchmark's `floor` part): a stand-in for the game
 * node that does only what an act costs on any server of this architecture — the command in over
 * NATS, a grouped commit in Postgres (one statement per batch, compare-and-set on the room's
 * version, synchronous commit like the store's), then the reply and three views out — and none
 * of Veil's work: no validation, rules, room actors, snapshots or projections. Its views are
 * stand-ins the size of the draw-play game's (the discard grows the same way).
 *
 * The latency driver (latency.ts) runs against it exactly as against the game node
 * (node-process.ts), in the same run and on the same servers, so the two figures can be put side
 * by side: this one is what the machine and the six process hops cost, the difference is what
 * the game node adds. Started with VEIL_BENCH_DATABASE_URL and VEIL_BENCH_NATS_URL; prints
 * `bench node ready` once subscribed.
 */
import { connect, type Msg, type NatsConnection } from 'nats';
import pg from 'pg';

interface Act {
  readonly roomId: string;
  readonly seat: string;
  readonly version: number;
  readonly requestId: string;
  readonly action: unknown;
  readonly message: Msg;
}

/** The game node's batcher defaults: two commits in flight, the second only for a backlog. */
const MAX_IN_FLIGHT = 2;
const OVERLAP_AT_ITEMS = 16;
const MAX_BATCH_ITEMS = 100;

const SCHEMA = [
  `create table if not exists floor_rooms (id text primary key, version integer not null)`,
  `create table if not exists floor_events (
     room_id text not null, version integer not null, seat text not null,
     request_id text not null, action jsonb not null, primary key (room_id, version))`,
];

/** Advances each room whose version is the expected one and logs its event; one round trip. */
const COMMIT = {
  name: 'floor_commit',
  text: `with input as materialized (
      select * from json_to_recordset($1::json)
        as x (room_id text, expected integer, seat text, request_id text, action jsonb)),
    up as (
      update floor_rooms r set version = i.expected + 1
      from input i where r.id = i.room_id and r.version = i.expected
      returning r.id, r.version, i.seat, i.request_id, i.action)
    insert into floor_events select id, version, seat, request_id, action from up
    returning room_id, version`,
};

async function run(): Promise<void> {
  const databaseUrl = process.env['VEIL_BENCH_DATABASE_URL'];
  const natsUrl = process.env['VEIL_BENCH_NATS_URL'];
  if (!databaseUrl || !natsUrl) throw new Error('VEIL_BENCH_DATABASE_URL and VEIL_BENCH_NATS_URL');
  // One connection per commit slot, kept, as the store keeps its commit connections.
  const connections = await Promise.all(
    Array.from({ length: MAX_IN_FLIGHT }, async () => {
      const client = new pg.Client({ connectionString: databaseUrl });
      await client.connect();
      return client;
    }),
  );
  for (const statement of SCHEMA) await connections[0]?.query(statement);
  const nats = await connect({ servers: natsUrl, name: 'veil-bench-floor-node' });
  const encoder = new TextEncoder();
  const reply = (message: Msg, body: unknown): void => {
    message.respond(encoder.encode(JSON.stringify(body)));
  };

  nats.subscribe('veil.rooms.create', {
    callback: (_error, message) => {
      const { roomId } = message.json<{ roomId: string }>();
      void connections[0]
        ?.query('insert into floor_rooms values ($1, 0) on conflict (id) do nothing', [roomId])
        .then(
          () => reply(message, { ok: true, roomId, version: 0, nodeId: 'floor' }),
          () => reply(message, { ok: false }),
        );
    },
  });

  let waiting: Act[] = [];
  const idle = [...connections];
  let gathering = false;
  const sendBatch = (): void => {
    const inFlight = MAX_IN_FLIGHT - idle.length;
    if (waiting.length === 0 || idle.length === 0) return;
    if (inFlight > 0 && waiting.length < OVERLAP_AT_ITEMS) return;
    const client = idle.pop() as pg.Client;
    const batch = waiting.slice(0, MAX_BATCH_ITEMS);
    waiting = waiting.slice(batch.length);
    const input = JSON.stringify(
      batch.map((a) => ({
        room_id: a.roomId,
        expected: a.version,
        seat: a.seat,
        request_id: a.requestId,
        action: a.action,
      })),
    );
    void client
      .query<{ room_id: string; version: number }>({ ...COMMIT, values: [input] })
      .then(({ rows }) => {
        idle.push(client);
        // What waited for this batch goes out before this batch's replies, as in the node.
        sendBatch();
        const committed = new Map(rows.map((r) => [r.room_id, r.version]));
        for (const act of batch) {
          const version = committed.get(act.roomId);
          if (version === undefined) reply(act.message, { ok: false });
          else publishAct(nats, act, version, reply);
        }
      })
      .catch((error: unknown) => {
        // The driver counts the refused acts as errors; the connection may be broken.
        process.stderr.write(`floor node: commit failed: ${String(error)}\n`);
        for (const act of batch) reply(act.message, { ok: false });
      });
  };

  nats.subscribe('veil.room.*.cmd', {
    queue: 'veil-game-nodes',
    callback: (_error, message) => {
      const command = message.json<Omit<Act, 'roomId' | 'message'>>();
      waiting.push({ ...command, roomId: message.subject.split('.')[2] ?? '', message });
      if (gathering) return;
      gathering = true;
      // Everything that arrived in this turn of the event loop goes together.
      setImmediate(() => {
        gathering = false;
        sendBatch();
      });
    },
  });
  await nats.flush();
  process.stdout.write('bench node ready\n');
  const stop = async (): Promise<void> => {
    await nats.drain();
    await Promise.all(connections.map((c) => c.end()));
    process.exit(0);
  };
  process.on('SIGTERM', () => void stop());
  process.on('SIGINT', () => void stop());
}

/** The reply, then a view for each seat and the spectators, shaped like draw-play's. */
function publishAct(
  nats: NatsConnection,
  act: Act,
  version: number,
  reply: (message: Msg, body: unknown) => void,
): void {
  reply(act.message, { ok: true, version });
  for (const viewer of ['p1', 'p2', 'spectator']) {
    const view = {
      roomId: act.roomId,
      version,
      seat: viewer === 'spectator' ? null : viewer,
      view: {
        viewer,
        over: false,
        active: version % 2 === 0 ? 'p1' : 'p2',
        moves: version,
        maxMoves: 100,
        deckCount: 200 - version,
        handCounts: { p1: 2, p2: 2 },
        hand: viewer === 'spectator' ? null : [17, 42],
        discard: Array.from({ length: version >> 1 }, (_, i) => (i * 37) % 200),
        deciders: [version % 2 === 0 ? 'p1' : 'p2'],
      },
      log: [{ ...(act.action as object), seat: act.seat }],
    };
    nats.publish(`veil.room.${act.roomId}.view.${viewer}`, JSON.stringify(view));
  }
}

run().catch((error: unknown) => {
  process.stderr.write(
    `floor node failed: ${error instanceof Error ? error.stack : String(error)}\n`,
  );
  process.exit(1);
});
