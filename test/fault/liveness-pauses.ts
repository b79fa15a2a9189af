/**
 * What a busy but alive game node looks like to its peers — the measurement behind the liveness
 * deadline (docs/operations.md, "Takeover"). One real game node, in this process and with the
 * server's V8 flags, runs `--rooms` live Netrunner rooms (mid-game states, on Postgres with
 * durable commits, over NATS) while `--playing` of them are played as fast as the node answers
 * (random legal actions: the node checks, commits, publishes every view). For `--seconds` it
 * records what a peer would take for silence: the gaps between this node's heartbeats as heard
 * over NATS, its garbage collections (perf_hooks 'gc' entries: every one stops the event loop
 * for at least its duration), its event-loop delay and its heap. The deadline must leave the
 * longest of these a wide margin; the rule is in docs/operations.md.
 *
 *   node --initial-old-space-size=256 --max-semi-space-size=64 --v8-pool-size=1 --import tsx \
 *     test/fault/liveness-pauses.ts [--rooms 5000] [--playing 200] [--seconds 120] \
 *     [--heartbeat-ms 250]
 *
 * The last line of stdout is one JSON object (`livenessPauses`). Nothing here passes or fails on
 * timing: it measures. The driver's own work (choosing moves for the rooms it plays) runs on the
 * node's event loop too, so the node is busier than the same rooms would make it alone.
 */
import { monitorEventLoopDelay, PerformanceObserver, type PerformanceEntry } from 'node:perf_hooks';
import { loadavg, cpus } from 'node:os';
import { constants } from 'node:perf_hooks';
import { NatsBus } from '@veil/bus';
import {
  applyAction,
  newGame,
  persistGame,
  restoreGame,
  Rng,
  type GameSnapshot,
  type PersistedGame,
} from '@veil/engine';
import { NODE_HEARTBEAT_SUBJECT, startGameNode } from '@veil/game';
import { netrunner, type NetrunnerState } from '@veil/netrunner';
import { openPostgresRoomStore } from '@veil/store';
import { startServices } from '../support/start-services.js';

const TOKEN_HASH = 'f'.repeat(64);

function option(name: string, fallback: number): number {
  const at = process.argv.indexOf(`--${name}`);
  const value = at >= 0 ? Number(process.argv[at + 1]) : fallback;
  if (!Number.isFinite(value) || value <= 0) throw new Error(`--${name} must be a positive number`);
  return value;
}

const ROOMS = option('rooms', 5_000);
const PLAYING = Math.min(ROOMS, option('playing', 200));
const SECONDS = option('seconds', 120);
const HEARTBEAT_MS = option('heartbeat-ms', 250);
/** Distinct mid-game states, shared out over the rooms (as in the rooms-heap benchmark). */
const DISTINCT = 20;
const ACTIONS_BEFORE = 120;

const progress = (message: string) =>
  process.stderr.write(`[liveness-pauses ${new Date().toISOString().slice(11, 19)}] ${message}\n`);

/** A mid-game state: `actions` random legal actions from the start. */
function midGame(seed: string, actions: number): GameSnapshot<NetrunnerState> {
  const rng = Rng.from(`liveness-pauses:${seed}`);
  let snapshot = newGame(netrunner, {}, seed);
  for (let i = 0; i < actions && !netrunner.outcome(snapshot); i++) {
    const seat = rng.pick(netrunner.deciders(snapshot));
    snapshot = applyAction(
      netrunner,
      snapshot,
      seat,
      rng.pick(netrunner.legalActions(snapshot, seat)),
    );
  }
  return snapshot;
}

async function pool<T>(items: readonly T[], size: number, run: (item: T) => Promise<void>) {
  let next = 0;
  await Promise.all(
    Array.from({ length: size }, async () => {
      while (next < items.length) await run(items[next++] as T);
    }),
  );
}

function spread(values: readonly number[]) {
  const sorted = [...values].sort((a, b) => a - b);
  const at = (p: number) => sorted[Math.min(sorted.length - 1, Math.ceil(p * sorted.length) - 1)];
  const round = (v: number | undefined) => (v === undefined ? null : Math.round(v * 10) / 10);
  return {
    n: sorted.length,
    p50: round(at(0.5)),
    p99: round(at(0.99)),
    max: round(sorted.at(-1)),
  };
}

const GC_KINDS: Record<number, string> = {
  [constants.NODE_PERFORMANCE_GC_MINOR]: 'scavenge',
  [constants.NODE_PERFORMANCE_GC_MAJOR]: 'mark-compact',
  [constants.NODE_PERFORMANCE_GC_INCREMENTAL]: 'incremental',
  [constants.NODE_PERFORMANCE_GC_WEAKCB]: 'weak-callbacks',
};

async function main(): Promise<void> {
  const services = await startServices(process.env, { durablePostgres: true });
  if (!services.available) throw new Error(`no services: ${services.missing.join('; ')}`);
  const store = await openPostgresRoomStore({ connectionString: services.databaseUrl });
  const bus = await NatsBus.connect({ servers: services.natsUrl, name: 'liveness-pauses-node' });
  const peer = await NatsBus.connect({ servers: services.natsUrl, name: 'liveness-pauses-peer' });
  const node = await startGameNode({
    nodeId: 'pauses-node',
    store,
    bus,
    games: [netrunner],
    idleUnloadMs: 24 * 60 * 60_000,
    // Its rooms' human seats are played without joining: none is abandoned during a long run.
    abandonUnjoinedMs: 0,
    heartbeatMs: HEARTBEAT_MS,
  });
  try {
    progress(`${DISTINCT} mid-game Netrunner states after ${ACTIONS_BEFORE} random actions`);
    const texts = Array.from({ length: DISTINCT }, (_, i) =>
      JSON.stringify(persistGame(midGame(`g${i}`, ACTIONS_BEFORE))),
    );
    const ids = Array.from({ length: ROOMS }, (_, i) => `pauses-${i}`);
    const textOf = (id: string) => texts[Number(id.slice(7)) % DISTINCT] as string;
    progress(`storing and placing ${ROOMS} rooms`);
    await pool(ids, 8, async (id) => {
      await store.createRoom({
        id,
        game: netrunner.id,
        rulesVersion: netrunner.rulesVersion,
        options: { seed: id },
        seats: {
          corp: { kind: 'human', tokenHash: TOKEN_HASH },
          runner: { kind: 'human', tokenHash: TOKEN_HASH },
        },
        status: 'active',
        snapshot: JSON.parse(textOf(id)) as unknown,
      });
      const placed = await node.place(id);
      if (!placed.ok) throw new Error(`room ${id} not placed: ${JSON.stringify(placed)}`);
    });

    // From here on, everything a peer could take for silence is recorded.
    const gcs: { kind: string; ms: number }[] = [];
    const observer = new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as (PerformanceEntry & {
        detail?: { kind?: number };
      })[]) {
        gcs.push({ kind: GC_KINDS[entry.detail?.kind ?? -1] ?? 'other', ms: entry.duration });
      }
    });
    observer.observe({ entryTypes: ['gc'] });
    const loop = monitorEventLoopDelay({ resolution: 10 });
    loop.enable();
    const gaps: number[] = [];
    let lastBeat = 0;
    await peer.subscribe(NODE_HEARTBEAT_SUBJECT, () => {
      const now = performance.now();
      if (lastBeat > 0) gaps.push(now - lastBeat);
      lastBeat = now;
    });
    const heapPeak = { used: 0 };
    const sampler = setInterval(() => {
      heapPeak.used = Math.max(heapPeak.used, process.memoryUsage().heapUsed);
    }, 1_000);

    progress(`playing ${PLAYING} of them for ${SECONDS} s (heartbeats every ${HEARTBEAT_MS} ms)`);
    const until = performance.now() + SECONDS * 1_000;
    let actions = 0;
    let refused = 0;
    const ticker = setInterval(
      () => progress(`${actions} actions, ${gcs.length} collections, max gap ${spread(gaps).max}`),
      10_000,
    );
    const rng = Rng.from('liveness-pauses:driver');
    let nextRoom = PLAYING;
    await pool(ids.slice(0, PLAYING), PLAYING, async (first) => {
      let id = first;
      let snapshot = restoreGame(
        netrunner,
        JSON.parse(textOf(id)) as PersistedGame<NetrunnerState>,
      );
      let version = 0;
      let over = false;
      while (performance.now() < until) {
        if (over || netrunner.outcome(snapshot)) {
          // The game ended: play another live room, as new games replace ended ones.
          id = ids[nextRoom++ % ROOMS] as string;
          snapshot = restoreGame(
            netrunner,
            JSON.parse(textOf(id)) as PersistedGame<NetrunnerState>,
          );
          version = 0;
          over = false;
          continue;
        }
        const seat = rng.pick(netrunner.deciders(snapshot));
        const action = rng.pick(netrunner.legalActions(snapshot, seat));
        const reply = (await bus.request(
          `veil.room.${id}.cmd`,
          { type: 'act', seat, version, action, requestId: `r${version + 1}` },
          { timeoutMs: 30_000 },
        )) as { ok: boolean; version?: number };
        if (!reply.ok || reply.version === undefined) {
          // Another driver took this room up again after its game ended elsewhere: move on.
          refused++;
          over = true;
          continue;
        }
        snapshot = applyAction(netrunner, snapshot, seat, action);
        version = reply.version;
        actions++;
      }
    });
    clearInterval(ticker);
    clearInterval(sampler);
    observer.disconnect();
    loop.disable();

    const byKind: Record<string, ReturnType<typeof spread>> = {};
    for (const kind of new Set(gcs.map((g) => g.kind))) {
      byKind[kind] = spread(gcs.filter((g) => g.kind === kind).map((g) => g.ms));
    }
    const figures = {
      livenessPauses: {
        date: new Date().toISOString(),
        node: process.version,
        cpus: cpus().length,
        loadAvg1m: Math.round((loadavg()[0] ?? 0) * 100) / 100,
        execArgv: process.execArgv.filter((a) => a.startsWith('--') && a !== '--import'),
        rooms: node.rooms().length,
        playing: PLAYING,
        seconds: SECONDS,
        actions,
        actionsPerSecond: Math.round(actions / SECONDS),
        refused,
        heapUsedPeakMb: Math.round(heapPeak.used / 2 ** 20),
        heartbeatMs: HEARTBEAT_MS,
        heartbeatGapMs: spread(gaps),
        gcPauseMs: { all: spread(gcs.map((g) => g.ms)), ...byKind },
        eventLoopDelayMs: {
          p50: Math.round(loop.percentile(50) / 1e5) / 10,
          p99: Math.round(loop.percentile(99) / 1e5) / 10,
          max: Math.round(loop.max / 1e5) / 10,
        },
      },
    };
    process.stdout.write(`${JSON.stringify(figures, null, 2)}\n`);
    process.stdout.write(`${JSON.stringify(figures)}\n`);
  } finally {
    await node.stop().catch(() => undefined);
    await peer.close().catch(() => undefined);
    await bus.close().catch(() => undefined);
    await store.close().catch(() => undefined);
    await services.stop();
  }
}

await main();
