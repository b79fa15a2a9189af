/**
 * node-throughput: the same tiny draw/play game (drawplay.ts) run by Veil and by boardgame.io.
 * See test/bench/README.md for what each figure means.
 */
import {
  count,
  cpuMs,
  heapAfterGc,
  kib,
  now,
  percentile,
  progress,
  round,
  runningKdamonds,
  say,
  table,
  type BenchOptions,
  type Figures,
} from '../common/bench.js';
import { waitForQuietDisk, type QuietDisk } from '../common/quiet-disk.js';
import { InProcessBroker } from '@veil/bus';
import { openPostgresRoomStore, type RoomStore } from '@veil/store';
import { startBgio } from './bgio.js';
import { createDurableRooms, playDurable, type SnapshotMode } from './durable-direct.js';
import {
  measureMachineFloor,
  type LatencyFloor,
  type MachineFloor,
} from '../common/machine-floor.js';
import type { ActBreakdown } from './commit-trace.js';
import { measureLatency, type LatencyFigures, type LatencyPhase } from './latency.js';
import { measureRoomHeap, type RoomHeapFigures } from './rooms-heap.js';
import { benchServices } from './services.js';
import { countViews, createNodeRooms, playThroughNode, startBenchNode } from './via-node.js';
import { DEFAULT_MOVES } from './drawplay.js';
import { playInProcess } from './inprocess.js';

interface Sizes {
  matches: number;
  movesPerMatch: number;
  /** (a) and (c) alternate over this many chunks of the matches. */
  chunks: number;
  /** Matches held side by side for the heap-per-match figures. */
  heapMatches: number;
  /** Matches of each durable run ((b) direct ×2, (b) through the node). */
  durableMatches: number;
  /** Rooms playing at once in the durable runs (their commits group). */
  concurrency: number;
  /** The target rate first, then a light load that the node surely sustains. */
  latency: LatencyPhase[];
  heapRooms: number;
  /** Rooms placed and unloaded for the idle figure (enough to stand out of GC noise). */
  heapIdleRooms: number;
  heapRoomActions: number;
  /** The node's idle timeout in the room-heap part. */
  heapIdleUnloadMs: number;
}

const FULL: Sizes = {
  matches: 1_000,
  movesPerMatch: DEFAULT_MOVES,
  chunks: 10,
  heapMatches: 300,
  durableMatches: 1_000,
  concurrency: 200,
  // 60 s at 2,000/s: long enough for the game node's steady state, mark-compacts included
  // (about one every 20 s there; a 20-s phase ended just before the first).
  latency: [
    { rate: 2_000, seconds: 60, rooms: 500 },
    { rate: 100, seconds: 20, rooms: 50 },
  ],
  heapRooms: 200,
  heapIdleRooms: 2_000,
  heapRoomActions: 120,
  heapIdleUnloadMs: 20_000,
};
const QUICK: Sizes = {
  matches: 100,
  movesPerMatch: DEFAULT_MOVES,
  chunks: 4,
  heapMatches: 100,
  durableMatches: 40,
  concurrency: 40,
  latency: [
    { rate: 2_000, seconds: 3, rooms: 100 },
    { rate: 100, seconds: 3, rooms: 10 },
  ],
  heapRooms: 50,
  heapIdleRooms: 1_000,
  heapRoomActions: 120,
  heapIdleUnloadMs: 10_000,
};

export async function main(options: BenchOptions): Promise<Figures> {
  const sizes = options.quick ? QUICK : FULL;
  const ids = Array.from({ length: sizes.matches }, (_, i) => `bench-${i}`);
  progress(
    `node-throughput: ${sizes.matches} matches × ${sizes.movesPerMatch} moves` +
      (options.quick ? ' (--quick)' : ''),
  );

  const parts = selectedParts();
  let inProcess: (Throughput & { heapPerMatchBytes: number }) | undefined;
  let bgio: (Throughput & { heapPerMatchBytes: number }) | undefined;
  if (parts.has('compare')) {
    const compared = await compareInterleaved(ids, sizes);
    const heap = await heapPerMatch(ids.slice(0, sizes.heapMatches), sizes);
    inProcess = { ...compared.veil, heapPerMatchBytes: heap.veil };
    bgio = { ...compared.bgio, heapPerMatchBytes: heap.bgio };
  }
  const durable = await runDurable(ids.slice(0, sizes.durableMatches), sizes, parts);
  const ratio = (
    x: number | undefined,
    y: number | undefined = bgio?.movesPerSecond,
  ): number | null => (x === undefined || y === undefined ? null : round(x / y, 2));

  const figures = {
    matches: sizes.matches,
    movesPerMatch: sizes.movesPerMatch,
    chunks: sizes.chunks,
    heapMatches: sizes.heapMatches,
    veilInProcess: inProcess,
    boardgameio: bgio,
    durable,
    ratios: {
      durableVsBoardgameio: ratio(durable.direct?.movesPerSecond),
      durableEveryMoveSnapshotsVsBoardgameio: ratio(
        durable.directEveryMoveSnapshots?.movesPerSecond,
      ),
      nodeVsBoardgameio: ratio(durable.node?.movesPerSecond),
      inProcessVsBoardgameio: ratio(inProcess?.movesPerSecond),
      inProcessVsBoardgameioBestChunks: ratio(
        inProcess?.bestChunkMovesPerSecond,
        bgio?.bestChunkMovesPerSecond,
      ),
      inProcessVsBoardgameioCpu: ratio(inProcess?.movesPerCpuSecond, bgio?.movesPerCpuSecond),
    },
  };
  say();
  table(`Draw-play, ${sizes.matches} matches × ${sizes.movesPerMatch} moves, 2 seats`, [
    ['(a) Veil in-process', inProcess ? line(inProcess) : 'not run'],
    ['(c) boardgame.io 0.50.2', bgio ? line(bgio) : 'not run'],
    [
      '(a)/(c)',
      `${figures.ratios.inProcessVsBoardgameio}× overall, ${figures.ratios.inProcessVsBoardgameioBestChunks}× best chunks, ` +
        `${figures.ratios.inProcessVsBoardgameioCpu}× per CPU-second  (target ≥ 3×)`,
    ],
  ]);
  const d = durable;
  const dur = (t: DurableThroughput | undefined): string =>
    t
      ? `${count(t.movesPerSecond)} moves/s; ${t.avgBatch} commits per batch, ` +
        `${t.avgBatchMs} ms per batch; ${t.snapshots} snapshots; this process's CPU ${t.processCpuShare} of wall`
      : `not run${d.error ? `: ${d.error}` : ''}`;
  table(`Durable on Postgres (b): ${d.matches} matches, ${d.concurrency} rooms at a time`, [
    ['servers', d.skipped ?? 'Postgres + NATS via test/support'],
    ["(b) engine + commitBatch, the store's snapshot policy", dur(d.direct)],
    ['(b) …with a snapshot every move (the first policy)', dur(d.directEveryMoveSnapshots)],
    ['(b) real game node, in-process bus', d.nodeError ? `failed: ${d.nodeError}` : dur(d.node)],
    [
      '(b)/(c)',
      `${figures.ratios.durableVsBoardgameio ?? '-'}× engine + commitBatch; ${figures.ratios.nodeVsBoardgameio ?? '-'}× through the game node  (target ≥ 1×)`,
    ],
  ]);
  if (d.machineFloor) {
    const line = (f: LatencyFloor): string =>
      `p50 ${f.p50Ms} ms, p90 ${f.p90Ms} ms, p99 ${f.p99Ms} ms, p99.9 ${f.p999Ms} ms, max ${f.maxMs} ms (${f.samples} at ${f.rate}/s)`;
    table('Machine floor, apart from Veil', [
      ...(d.quietDisk
        ? [
            [
              'quiet disk, waited for first',
              `${d.quietDisk.quiet ? 'quiet' : 'NOT quiet'} after ${round(d.quietDisk.waitedMs / 1000, 1)} s (slowest flush meanwhile ${d.quietDisk.slowestFlushMs} ms)`,
            ] as [string, string],
          ]
        : []),
      ['wake-up: echo by a sleeping process', `${line(d.machineFloor.wakeup)}; an act crosses ~6`],
      [
        'flush: 8 KB write + fdatasync',
        `${line(d.machineFloor.flush)}; every commit waits for one`,
      ],
    ]);
  }
  for (const l of d.latency ?? []) {
    latencyTable(
      `Act→view latency at ${count(l.targetRate)}/s over NATS, game node in its own process (${l.rooms} rooms)`,
      l,
    );
  }
  for (const l of d.floorLatency ?? []) {
    latencyTable(
      `Floor: the same at ${count(l.targetRate)}/s against a stand-in node (NATS in, one grouped commit, reply and 3 views out; none of Veil's work)`,
      l,
    );
  }
  if (d.latencyError) say(`Latency: failed: ${d.latencyError}\n`);
  if (d.floorLatencyError) say(`Latency floor: failed: ${d.floorLatencyError}\n`);
  if (d.roomHeapError) say(`Netrunner rooms heap: failed: ${d.roomHeapError}\n`);
  if (d.roomHeap) {
    const r = d.roomHeap;
    table(
      `Netrunner rooms on the game node (${r.rooms} live, ${r.idleRooms} idle; ${r.distinctGames} games, ${r.actionsBeforeLoad} random actions in)`,
      [
        ['heap per live room', `${kib(r.heapPerLiveRoomBytes)}  (target ≤ 40 KB)`],
        [
          '… compiled code meanwhile',
          `${kib(r.codePerLiveRoomBytes)} (the process's, not counted)`,
        ],
        [
          '… the game state',
          `${kib(r.heapPerGameStateBytes)} (restored alone; its log ${kib(r.heapPerGameLogBytes)})`,
        ],
        ['… the node per room', kib(r.heapPerRoomOverheadBytes)],
        ['heap per idle (unloaded) room', `${kib(r.heapPerIdleRoomBytes)}  (target ≤ 4 KB)`],
        [
          'stored snapshot',
          `${kib(r.snapshotJsonBytes)} JSON (log ${kib(r.snapshotLogJsonBytes)}), ${kib(r.snapshotGzipBytes)} gzipped`,
        ],
      ],
    );
  }
  return figures;
}

interface DurableThroughput {
  moves: number;
  seconds: number;
  movesPerSecond: number;
  avgBatch: number;
  /** Mean duration of one `commitBatch` call (one transaction). */
  avgBatchMs: number;
  /**
   * This process's CPU time over the wall time of the run (1 = one core busy): low means the
   * time went to waiting on Postgres (or the bus), high that this process was the bottleneck.
   */
  processCpuShare: number;
  snapshots: number;
  viewBytesPerMove: number;
}

interface DurableFigures {
  skipped?: string;
  error?: string;
  /** Matches per durable run (of `movesPerMatch` moves). */
  matches: number;
  concurrency: number;
  /** Engine + commitBatch with the store's snapshot policy. */
  direct?: DurableThroughput;
  /** The same with a snapshot in every move's transaction (the first policy, for reference). */
  directEveryMoveSnapshots?: DurableThroughput;
  node?: DurableThroughput;
  nodeError?: string;
  /** One entry per rate: the 2,000/s target, then a light load. */
  latency?: LatencyFigures[];
  /** The wait for a quiet disk before the latency phases. */
  quietDisk?: QuietDisk;
  /** The machine's wake-up and flush latencies, measured before the latency phases. */
  machineFloor?: MachineFloor;
  latencyError?: string;
  /** The same phases against the stand-in node of floor-node.ts: what the hops alone cost. */
  floorLatency?: LatencyFigures[];
  floorLatencyError?: string;
  roomHeap?: RoomHeapFigures;
  roomHeapError?: string;
}

const PARTS = ['compare', 'durable', 'node', 'latency', 'floor', 'rooms'] as const;
type Part = (typeof PARTS)[number];

/**
 * `VEIL_BENCH_PARTS=latency,rooms` runs only those parts (default: all): `compare` is (a) and (c)
 * with their heap, `durable` the two engine + commitBatch runs, `node` (b) through the game
 * node, `latency` the NATS latency, `floor` the same latency against a stand-in node that does
 * none of Veil's work (floor-node.ts), `rooms` the Netrunner room heap.
 */
function selectedParts(): Set<Part> {
  const wanted = process.env['VEIL_BENCH_PARTS'];
  if (!wanted) return new Set(PARTS);
  const parts = wanted.split(',').map((p) => p.trim());
  const unknown = parts.filter((p) => !(PARTS as readonly string[]).includes(p));
  if (unknown.length > 0) {
    throw new Error(
      `VEIL_BENCH_PARTS: unknown part ${unknown.join(', ')}; parts: ${PARTS.join(', ')}`,
    );
  }
  return new Set(parts as Part[]);
}

const message = (error: unknown): string =>
  error instanceof Error ? (error.message.split('\n')[0] ?? '') : String(error);

/** Waits (up to a limit) for the disk to flush quietly before a latency measurement. */
function quietDiskBeforeLatency(): QuietDisk {
  progress('latency: waiting for the disk to flush quietly (8 KB fdatasyncs under 5 ms for 5 s)');
  const quiet = waitForQuietDisk(process.cwd());
  progress(
    quiet.quiet
      ? `latency: disk quiet after ${Math.round(quiet.waitedMs / 1000)} s`
      : `latency: the disk never went quiet in ${Math.round(quiet.waitedMs / 1000)} s (slowest flush ${quiet.slowestFlushMs} ms); measuring anyway`,
  );
  return quiet;
}

/** Says so when the kernel runs a DAMON monitor, which made the latency climb on one VM. */
function warnAboutDamon(): void {
  const kdamonds = runningKdamonds();
  if (kdamonds)
    progress(
      `latency: the kernel runs ${kdamonds} DAMON monitor(s) (kdamond): on one VM it made the p99 climb through a phase (test/bench/README.md)`,
    );
}

/** (b), the NATS latency and its floor, the Netrunner room heap: everything that needs the servers. */
async function runDurable(
  ids: readonly string[],
  sizes: Sizes,
  parts: ReadonlySet<Part>,
): Promise<DurableFigures> {
  const figures: DurableFigures = { matches: ids.length, concurrency: sizes.concurrency };
  if (!['durable', 'node', 'latency', 'floor', 'rooms'].some((p) => parts.has(p as Part)))
    return figures;
  progress('durable: starting Postgres and NATS (test/support)');
  const services = await benchServices();
  if ('missing' in services) {
    figures.skipped = `skipped: ${services.missing}`;
    progress(`durable: ${figures.skipped}`);
    return figures;
  }
  let store: RoomStore | undefined;
  try {
    store = await openPostgresRoomStore({ connectionString: services.databaseUrl });
    // Latency first, on a server with nothing else written yet: after the throughput runs the
    // machine is still flushing their writes to disk for minutes, a load no game node makes.
    // The same servers and phases for the game node and the floor.
    const latencyRun = {
      databaseUrl: services.databaseUrl,
      natsUrl: services.natsUrl,
      phases: sizes.latency,
      movesPerMatch: sizes.movesPerMatch,
    };
    if (parts.has('latency') || parts.has('floor')) warnAboutDamon();
    if (parts.has('latency'))
      try {
        figures.quietDisk = quietDiskBeforeLatency();
        progress('latency: the machine floor (a local echo at 100/s, 8 KB fdatasyncs)');
        figures.machineFloor = await measureMachineFloor(process.cwd());
        figures.latency = await measureLatency({
          ...latencyRun,
          trace: process.env['VEIL_BENCH_TRACE'] === '1',
        });
      } catch (error) {
        figures.latencyError = message(error);
        progress(`latency: failed: ${figures.latencyError}`);
      }
    if (parts.has('floor'))
      try {
        // After the game node's phases the disk is still flushing their writes: wait again.
        const waited = quietDiskBeforeLatency();
        if (!parts.has('latency')) figures.quietDisk = waited;
        progress('latency floor: the same phases against the stand-in node (floor-node.ts)');
        figures.floorLatency = await measureLatency({ ...latencyRun, node: 'floor' });
      } catch (error) {
        figures.floorLatencyError = message(error);
        progress(`latency floor: failed: ${figures.floorLatencyError}`);
      }
    for (const mode of parts.has('durable') ? (['policy', 'every-move'] as SnapshotMode[]) : []) {
      const roomIds = ids.map((id) => `${mode}-${id}`);
      progress(`(b) engine + commitBatch (${mode} snapshots): creating ${roomIds.length} rooms`);
      await createDurableRooms(store, roomIds, sizes.movesPerMatch);
      progress(`(b) playing, ${sizes.concurrency} rooms at a time`);
      const cpu0 = cpuMs();
      const r = await playDurable(
        store,
        roomIds,
        sizes.movesPerMatch,
        sizes.concurrency,
        mode,
        progress,
      );
      const t: DurableThroughput = {
        moves: r.moves,
        seconds: round(r.ms / 1000, 2),
        movesPerSecond: round((r.moves / r.ms) * 1000),
        avgBatch: round(r.moves / Math.max(1, r.batches), 1),
        avgBatchMs: round(r.batchMs / Math.max(1, r.batches), 1),
        processCpuShare: round((cpuMs() - cpu0) / r.ms, 2),
        snapshots: r.snapshots,
        viewBytesPerMove: round(r.viewBytes / Math.max(1, r.moves)),
      };
      if (mode === 'policy') figures.direct = t;
      else figures.directEveryMoveSnapshots = t;
      progress(`(b) ${mode}: ${count(t.movesPerSecond)} moves/s`);
    }

    if (parts.has('node'))
      try {
        figures.node = await runThroughNode(store, ids, sizes);
      } catch (error) {
        figures.nodeError = message(error);
        progress(`(b) game node: failed: ${figures.nodeError}`);
      }
    if (parts.has('rooms'))
      try {
        const broker = new InProcessBroker();
        figures.roomHeap = await measureRoomHeap(
          store,
          broker.connect(),
          sizes.heapRooms,
          sizes.heapIdleRooms,
          sizes.heapRoomActions,
          sizes.heapIdleUnloadMs,
        );
      } catch (error) {
        figures.roomHeapError = message(error);
        progress(`rooms heap: failed: ${figures.roomHeapError}`);
      }
  } catch (error) {
    figures.error = message(error);
    progress(`durable: failed: ${figures.error}`);
  } finally {
    await store?.close().catch(() => undefined);
    await services.stop();
  }
  return figures;
}

/** (b) through the real game node (in this process, on the in-process bus). */
async function runThroughNode(
  store: RoomStore,
  ids: readonly string[],
  sizes: Sizes,
): Promise<DurableThroughput> {
  const broker = new InProcessBroker();
  const node = await startBenchNode(store, broker.connect(), 'bench-node-inprocess');
  const client = broker.connect();
  try {
    const roomIds = ids.map((id) => `node-${id}`);
    progress(`(b) game node: creating ${roomIds.length} rooms through veil.rooms.create`);
    await createNodeRooms(client, roomIds, sizes.movesPerMatch);
    const views = countViews(broker);
    const batches = countBatches(store);
    progress(`(b) game node: playing, ${sizes.concurrency} rooms at a time`);
    const cpu0 = cpuMs();
    const r = await playThroughNode(
      client,
      roomIds,
      sizes.movesPerMatch,
      sizes.concurrency,
      progress,
    );
    await client.flush();
    batches.restore();
    views.stop();
    return {
      moves: r.moves,
      seconds: round(r.ms / 1000, 2),
      movesPerSecond: round((r.moves / r.ms) * 1000),
      avgBatch: round(batches.items / Math.max(1, batches.count), 1),
      avgBatchMs: round(batches.ms / Math.max(1, batches.count), 1),
      processCpuShare: round((cpuMs() - cpu0) / r.ms, 2),
      snapshots: batches.snapshots,
      viewBytesPerMove: round(views.bytes() / Math.max(1, r.moves)),
    };
  } finally {
    await node.stop();
  }
}

/** Counts the store's commitBatch calls (and their items) while the node plays. */
function countBatches(store: RoomStore): {
  count: number;
  items: number;
  snapshots: number;
  ms: number;
  restore(): void;
} {
  const original = store.commitBatch.bind(store);
  const tally = {
    count: 0,
    items: 0,
    snapshots: 0,
    ms: 0,
    restore: () => {
      store.commitBatch = original;
    },
  };
  store.commitBatch = (items) => {
    tally.count++;
    tally.items += items.length;
    tally.snapshots += items.filter((i) => i.snapshot !== undefined).length;
    const t0 = performance.now();
    return original(items).finally(() => {
      tally.ms += performance.now() - t0;
    });
  };
  return tally;
}

interface Throughput {
  moves: number;
  seconds: number;
  movesPerSecond: number;
  /** The fastest of the interleaved chunks: the least disturbed by other load. */
  bestChunkMovesPerSecond: number;
  /** Moves per second of this process's CPU time (all threads): less sensitive to other load. */
  movesPerCpuSecond: number;
  viewBytesPerMove: number;
}

function line(t: Throughput & { heapPerMatchBytes: number }): string {
  return (
    `${count(t.movesPerSecond)} moves/s (best chunk ${count(t.bestChunkMovesPerSecond)}; ` +
    `${count(t.movesPerCpuSecond)} per CPU-s), ` +
    `${kib(t.heapPerMatchBytes)} heap per match, ${count(t.viewBytesPerMove)} B of views per move`
  );
}

class Tally {
  moves = 0;
  ms = 0;
  bytes = 0;
  best = 0;
  cpu = 0;
  add(moves: number, ms: number, bytes: number, cpu: number): void {
    this.moves += moves;
    this.ms += ms;
    this.bytes += bytes;
    this.cpu += cpu;
    this.best = Math.max(this.best, (moves / ms) * 1000);
  }
  result(): Throughput {
    return {
      moves: this.moves,
      seconds: round(this.ms / 1000, 2),
      movesPerSecond: round((this.moves / this.ms) * 1000),
      bestChunkMovesPerSecond: round(this.best),
      movesPerCpuSecond: round((this.moves / this.cpu) * 1000),
      viewBytesPerMove: round(this.bytes / Math.max(1, this.moves)),
    };
  }
}

/**
 * (a) and (c) over the same matches, chunk by chunk in turn, so that load from other processes
 * on the machine falls on both alike; match creation is outside the timing.
 */
async function compareInterleaved(
  ids: readonly string[],
  sizes: Sizes,
): Promise<{ veil: Throughput; bgio: Throughput }> {
  progress('warm-up (both systems)');
  const warmIds = ids.slice(0, Math.min(20, ids.length)).map((id) => `warm-${id}`);
  playInProcess(warmIds, sizes.movesPerMatch);
  const warm = startBgio(sizes.movesPerMatch);
  for (const id of warmIds) {
    warm.createMatch(id);
    await warm.playMatch(id);
  }
  const veil = new Tally();
  const bgio = new Tally();
  const chunkSize = Math.ceil(ids.length / sizes.chunks);
  for (let c = 0; c * chunkSize < ids.length; c++) {
    const chunk = ids.slice(c * chunkSize, (c + 1) * chunkSize);
    let t = now();
    let cpu = cpuMs();
    const played = playInProcess(chunk, sizes.movesPerMatch);
    veil.add(played.moves, now() - t, played.viewBytes, cpuMs() - cpu);

    const run = startBgio(sizes.movesPerMatch);
    for (const id of chunk) run.createMatch(id);
    let moves = 0;
    t = now();
    cpu = cpuMs();
    for (const id of chunk) moves += await run.playMatch(id);
    const ms = now() - t;
    cpu = cpuMs() - cpu;
    if (run.payloads !== moves * 2) throw new Error(`boardgame.io: ${run.payloads} payloads`);
    bgio.add(moves, ms, run.payloadBytes, cpu);
    progress(
      `  chunk ${c + 1}/${sizes.chunks}: (a) ${count(veil.result().movesPerSecond)} moves/s, ` +
        `(c) ${count(bgio.result().movesPerSecond)} moves/s so far`,
    );
  }
  return { veil: veil.result(), bgio: bgio.result() };
}

/** Heap held per finished match while all of them stay in memory, each system on its own. */
async function heapPerMatch(
  ids: readonly string[],
  sizes: Sizes,
): Promise<{ veil: number; bgio: number }> {
  progress(`heap: ${ids.length} matches held in memory, each system on its own`);
  let before = heapAfterGc();
  const played = playInProcess(ids, sizes.movesPerMatch);
  const veil = (heapAfterGc() - before) / ids.length;
  if (played.matches.length !== ids.length) throw new Error('matches lost');
  before = heapAfterGc();
  const run = startBgio(sizes.movesPerMatch);
  for (const id of ids) {
    run.createMatch(id);
    await run.playMatch(id);
  }
  const bgio = (heapAfterGc() - before) / ids.length;
  if (!run.db) throw new Error('unreachable');
  return { veil: round(veil), bgio: round(bgio) };
}

/** One latency phase's figures as a table (the game node's and the floor's alike). */
function latencyTable(title: string, l: LatencyFigures): void {
  table(title, [
    [
      'rate',
      `${count(l.achievedRate)}/s achieved of ${count(l.targetRate)}/s; ${l.measuredActs} acts measured after ${l.warmupActs} warm-up; ${l.roomsReplaced} finished games replaced by new rooms; ${l.errors} errors`,
    ],
    [
      'behind schedule',
      l.starved > 0
        ? `yes: ${l.starved} driver ticks found every room with an act in flight (the node could not keep up)`
        : 'no',
    ],
    [
      'act → own view',
      `p50 ${l.p50Ms} ms, p90 ${l.p90Ms} ms, p99 ${l.p99Ms} ms, max ${l.maxMs} ms  (target p99 ≤ 15 ms at 2,000/s)`,
    ],
    ['act → own view, p99 of each second', secondsLine(l.secondP99Ms)],
    ['act → ack', `p50 ${l.ackP50Ms} ms, p99 ${l.ackP99Ms} ms`],
    ['act → all 3 views', `p99 ${l.allViewsP99Ms} ms`],
    [
      'driver event-loop delay',
      `p99 ${l.driverLoopDelayP99Ms} ms, max ${l.driverLoopDelayMaxMs} ms`,
    ],
    [
      'CPU per act',
      `node process ${l.nodeCpuPerActUs ?? 'n/a'} µs, driver ${l.driverCpuPerActUs} µs`,
    ],
    ...breakdownRows(l.breakdown),
  ]);
}

/** The traced acts' breakdown (VEIL_BENCH_TRACE=1), as table rows; none without a trace. */
function breakdownRows(b: ActBreakdown | null | undefined): [string, string][] {
  if (b === undefined) return [];
  if (b === null) return [['traced', 'no act could be joined with a commit']];
  const spread = (s: { p50Ms: number; p99Ms: number }): string => `p50 ${s.p50Ms}, p99 ${s.p99Ms}`;
  return [
    [
      'traced: before the batch / batch / after (ms)',
      `${spread(b.beforeBatch)} / ${spread(b.batch)} / ${spread(b.afterBatch)}; items per batch ${spread(b.batchItems)}`,
    ],
    [
      'traced: the slowest 1 % (means)',
      `${b.slowest.latencyMs} ms = ${b.slowest.beforeBatchMs} before the batch + ${b.slowest.batchMs} in it + ${b.slowest.afterBatchMs} after; ${b.slowest.batchItems} items per batch`,
    ],
  ];
}

/** The per-second p99s: their median, the worst, and how many seconds exceed the 15 ms target. */
function secondsLine(p99s: readonly number[]): string {
  const sorted = [...p99s].sort((a, b) => a - b);
  const over = p99s.filter((p) => p > 15).length;
  return `median ${percentile(sorted, 50)} ms, worst ${sorted[sorted.length - 1] ?? '-'} ms; ${over} of ${p99s.length} seconds over 15 ms`;
}
