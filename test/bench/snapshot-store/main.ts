/**
 * Snapshot storage: what writing and reading one Netrunner snapshot costs the Postgres server in
 * the column the store uses (`json`, lz4 where the server has it — migration 0006) against the
 * one it used before (`jsonb`, pglz), side by side on the same server; then the store's own
 * `createRoom` and `load` of such snapshots. See test/bench/README.md.
 */
import { newGame, persistGame, applyAction, Rng } from '@veil/engine';
import { netrunner } from '@veil/netrunner';
import { openPostgresRoomStore } from '@veil/store';
import pg from 'pg';
import {
  kib,
  now,
  percentile,
  processCpuMicros,
  progress,
  round,
  table,
  type BenchOptions,
  type Figures,
} from '../common/bench.js';
import { benchServices } from '../node-throughput/services.js';

interface Sizes {
  /** Seeded random games whose states are sampled. */
  games: number;
  /** Writes (and reads) per layout and round. */
  writes: number;
  rounds: number;
  /** Rooms created and loaded through the store. */
  rooms: number;
}

const FULL: Sizes = { games: 8, writes: 300, rounds: 3, rooms: 200 };
const QUICK: Sizes = { games: 3, writes: 60, rounds: 2, rooms: 40 };

/** A state is sampled every this many actions; games are cut at the maximum. */
const SAMPLE_EVERY = 10;
const MAX_ACTIONS = 400;

interface Layout {
  name: string;
  type: 'json' | 'jsonb';
  compression: 'lz4' | 'pglz';
}

const LAYOUTS: readonly Layout[] = [
  { name: 'json, lz4 (the store since 0006)', type: 'json', compression: 'lz4' },
  { name: 'jsonb, pglz (before)', type: 'jsonb', compression: 'pglz' },
];

/** Persisted snapshots (the JSON text a node stores) of seeded random Netrunner games. */
function sampleSnapshots(games: number): string[] {
  const texts: string[] = [];
  for (let game = 0; game < games; game++) {
    const rng = Rng.from(`bench:snapshot-store:${game}`);
    let snapshot = newGame(netrunner, {}, `bench:snapshot-store:${game}`);
    for (let played = 0; played < MAX_ACTIONS; played++) {
      if (snapshot.status !== 'active' || netrunner.outcome(snapshot) !== null) break;
      if (played % SAMPLE_EVERY === 0) texts.push(JSON.stringify(persistGame(snapshot)));
      const seat = rng.pick(netrunner.deciders(snapshot));
      const action = rng.pick(netrunner.legalActions(snapshot, seat));
      snapshot = applyAction(netrunner, snapshot, seat, action);
    }
  }
  return texts;
}

interface Timing {
  wallMs: number[];
  serverCpuMs: number;
}

/** Runs `step(i)` for each i, timing each call and the server's CPU over all of them. */
async function timed(
  pid: number,
  n: number,
  step: (i: number) => Promise<unknown>,
): Promise<Timing> {
  const wallMs: number[] = [];
  const cpu0 = processCpuMicros(pid);
  for (let i = 0; i < n; i++) {
    const t = now();
    await step(i);
    wallMs.push(now() - t);
  }
  const cpu1 = processCpuMicros(pid);
  return {
    wallMs,
    serverCpuMs: cpu0 === null || cpu1 === null ? Number.NaN : (cpu1 - cpu0) / 1000,
  };
}

interface LayoutFigures {
  writeMs: number[];
  writeServerCpuMs: number;
  readMs: number[];
  readServerCpuMs: number;
  storedBytes: number;
  writes: number;
  /** Why the layout was not measured (a server without lz4). */
  skipped?: string;
}

/**
 * One round of one layout: the writes in one transaction (so each is the insert alone, not a
 * disk flush), then each row read back as text (what the server prints, not the driver's parse).
 */
async function measureLayout(
  db: pg.Client,
  pid: number,
  layout: Layout,
  texts: readonly string[],
  writes: number,
  into: LayoutFigures,
): Promise<void> {
  const table = `bench_snapshots_${layout.type}_${layout.compression}`;
  await db.query(`drop table if exists ${table}`);
  try {
    await db.query(
      `create table ${table} (id integer primary key, s ${layout.type} compression ${layout.compression})`,
    );
  } catch (error) {
    into.skipped = String(error instanceof Error ? error.message : error);
    return;
  }
  await db.query('begin');
  const write = await timed(pid, writes, (i) =>
    db.query(`insert into ${table} values ($1, $2::${layout.type})`, [i, texts[i % texts.length]]),
  );
  await db.query('commit');
  const read = await timed(pid, writes, (i) =>
    db.query(`select s::text from ${table} where id = $1`, [i]),
  );
  const { rows } = await db.query<{ bytes: string }>(
    `select pg_total_relation_size('${table}') as bytes`,
  );
  await db.query(`drop table ${table}`);
  into.writeMs.push(...write.wallMs);
  into.writeServerCpuMs += write.serverCpuMs;
  into.readMs.push(...read.wallMs);
  into.readServerCpuMs += read.serverCpuMs;
  into.storedBytes += Number(rows[0]?.bytes ?? Number.NaN);
  into.writes += writes;
}

function summary(ms: readonly number[]): { p50: number; p90: number; mean: number } {
  const sorted = [...ms].sort((a, b) => a - b);
  const mean = sorted.reduce((s, x) => s + x, 0) / Math.max(1, sorted.length);
  return {
    p50: round(percentile(sorted, 50), 3),
    p90: round(percentile(sorted, 90), 3),
    mean: round(mean, 3),
  };
}

const msLine = (s: { p50: number; p90: number }): string => `p50 ${s.p50} ms, p90 ${s.p90} ms`;

export async function main(options: BenchOptions): Promise<Figures> {
  const sizes = options.quick ? QUICK : FULL;
  progress(`snapshot-store: sampling ${sizes.games} seeded Netrunner games`);
  const texts = sampleSnapshots(sizes.games);
  const lengths = texts.map((t) => Buffer.byteLength(t)).sort((a, b) => a - b);
  const snapshots = {
    count: texts.length,
    minBytes: lengths[0] ?? 0,
    medianBytes: percentile(lengths, 50),
    maxBytes: lengths[lengths.length - 1] ?? 0,
  };
  table('Netrunner snapshots (persisted JSON, every 10th state of seeded random games)', [
    ['samples', String(snapshots.count)],
    [
      'size',
      `${kib(snapshots.minBytes)} – ${kib(snapshots.maxBytes)}, median ${kib(snapshots.medianBytes)}`,
    ],
  ]);

  const services = await benchServices();
  if ('missing' in services) {
    progress(`snapshot-store: no Postgres (${services.missing}); nothing more to measure`);
    return { snapshots, skipped: services.missing };
  }
  try {
    const db = new pg.Client({ connectionString: services.databaseUrl });
    await db.connect();
    const layouts = new Map<Layout, LayoutFigures>(
      LAYOUTS.map((l) => [
        l,
        {
          writeMs: [],
          writeServerCpuMs: 0,
          readMs: [],
          readServerCpuMs: 0,
          storedBytes: 0,
          writes: 0,
        },
      ]),
    );
    try {
      const { rows } = await db.query<{ pid: number }>('select pg_backend_pid() as pid');
      const pid = rows[0]?.pid ?? -1;
      for (let round = 0; round < sizes.rounds; round++) {
        // Alternating which layout goes first, so neither always runs on a warmer server.
        const order = round % 2 === 0 ? LAYOUTS : [...LAYOUTS].reverse();
        for (const layout of order) {
          progress(`  round ${round + 1}/${sizes.rounds}: ${layout.name}, ${sizes.writes} writes`);
          await measureLayout(db, pid, layout, texts, sizes.writes, layouts.get(layout)!);
        }
      }
    } finally {
      await db.end();
    }
    const layoutFigures: Figures = {};
    for (const [layout, f] of layouts) {
      if (f.skipped !== undefined || f.writes === 0) {
        layoutFigures[layout.name] = { skipped: f.skipped ?? 'not measured' };
        table(layout.name, [['skipped', f.skipped ?? 'not measured']]);
        continue;
      }
      const figures = {
        write: summary(f.writeMs),
        writeServerCpuMsEach: round(f.writeServerCpuMs / f.writes, 3),
        read: summary(f.readMs),
        readServerCpuMsEach: round(f.readServerCpuMs / f.readMs.length, 3),
        storedBytesEach: Math.round(f.storedBytes / f.writes),
      };
      layoutFigures[layout.name] = figures;
      table(`${layout.name}, ${f.writes} writes and reads`, [
        ['write (insert, in a transaction)', msLine(figures.write)],
        ['  server CPU per write', `${figures.writeServerCpuMsEach} ms`],
        ['read (select as text)', msLine(figures.read)],
        ['  server CPU per read', `${figures.readServerCpuMsEach} ms`],
        ['stored per snapshot', kib(figures.storedBytesEach)],
      ]);
    }

    progress(`  the store: ${sizes.rooms} rooms created and loaded`);
    const store = await openPostgresRoomStore({ connectionString: services.databaseUrl });
    const create: number[] = [];
    const load: number[] = [];
    try {
      for (let i = 0; i < sizes.rooms; i++) {
        const id = `bench-room-${i}`;
        const snapshot = JSON.parse(texts[i % texts.length] as string) as unknown;
        let t = now();
        await store.createRoom({
          id,
          game: 'netrunner',
          rulesVersion: 1,
          options: {},
          seats: {},
          snapshot,
        });
        create.push(now() - t);
        t = now();
        await store.load(id);
        load.push(now() - t);
      }
    } finally {
      await store.close();
    }
    const storeFigures = { rooms: sizes.rooms, createRoom: summary(create), load: summary(load) };
    table(`the store (openPostgresRoomStore, durable), ${sizes.rooms} rooms`, [
      ['createRoom (room row + first snapshot, committed)', msLine(storeFigures.createRoom)],
      ['load (latest snapshot + later events, parsed)', msLine(storeFigures.load)],
    ]);
    return { snapshots, layouts: layoutFigures, store: storeFigures };
  } finally {
    await services.stop();
  }
}
