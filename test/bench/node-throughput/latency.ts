/**
 * Act→view latency at a steady rate over real NATS: the game node runs in its own process
 * (node-process.ts); this process drives it like a gateway would. Every `1/rate` s an act goes
 * to a room that has no act in flight (`veil.room.<id>.cmd`, request/reply); the latency of
 * that act is the time from sending it until the acting seat's new view (that version) arrives
 * on `veil.room.<id>.view.<seat>`. The node commits to Postgres before it acks and publishes.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { NatsBus } from '@veil/bus';
import { VEIL_NODE_FLAGS } from '@veil/cli';
import { startProcess } from '../../support/child-process.js';
import {
  loopLatenessMs,
  now,
  percentile,
  perSecondP99,
  processCpuMicros,
  progress,
  round,
} from '../common/bench.js';
import { breakdown, readCommits, type ActBreakdown, type TracedAct } from './commit-trace.js';
import { createNodeRooms, RoomDriver } from './via-node.js';
import { viewVersion } from './view-version.js';
import { WireClient } from './wire-client.js';

export interface LatencyPhase {
  rate: number;
  seconds: number;
  rooms: number;
}

export interface LatencyConfig {
  databaseUrl: string;
  natsUrl: string;
  /** Run one after the other against the same node process. */
  phases: readonly LatencyPhase[];
  movesPerMatch: number;
  /** Join the node's commit timings with the acts' (commit-trace.ts): `VEIL_BENCH_TRACE=1`. */
  trace?: boolean;
  /**
   * The node process to drive: the game node (default, node-process.ts) or the architecture's
   * floor (floor-node.ts), which answers the same subjects.
   */
  node?: 'game' | 'floor';
}

export interface LatencyFigures {
  targetRate: number;
  achievedRate: number;
  measuredActs: number;
  warmupActs: number;
  rooms: number;
  p50Ms: number;
  p90Ms: number;
  p99Ms: number;
  maxMs: number;
  ackP50Ms: number;
  ackP99Ms: number;
  /** Until all three views (both seats and the spectators) of that version arrived. */
  allViewsP99Ms: number;
  /**
   * This (driver) process's event-loop delay while sending — how much later than due a timer
   * ticking every `LOOP_DELAY_RESOLUTION_MS` ran: a stalled driver would show up as latency it
   * did not measure in the node.
   */
  driverLoopDelayP99Ms: number;
  driverLoopDelayMaxMs: number;
  /**
   * CPU time (user + system) per act during the phase: the game node's process (from
   * /proc, null where there is none) and this driver's.
   */
  nodeCpuPerActUs: number | null;
  driverCpuPerActUs: number;
  /**
   * The p99 of the acts sent in each second of the phase, in order: a tail spread evenly shows
   * as every second's p99 near the phase's, stalls as a few seconds far above the rest.
   */
  secondP99Ms: number[];
  /** Driver ticks that found every room with an act in flight (behind the schedule). */
  starved: number;
  /** Rooms whose game ended during the phase and were replaced by new ones. */
  roomsReplaced: number;
  errors: number;
  /** With `trace`: where the acts' time went, the commit's share apart. */
  breakdown?: ActBreakdown | null;
}

interface Pending {
  sent: number;
  seat: string;
  warm: boolean;
  views: number;
}

const VIEWERS = 3;

/** The driver's event-loop delay is sampled by a timer of this period (`loopLatenessMs`). */
const LOOP_DELAY_RESOLUTION_MS = 5;

export async function measureLatency(config: LatencyConfig): Promise<LatencyFigures[]> {
  const floor = config.node === 'floor';
  const entry = fileURLToPath(
    new URL(floor ? './floor-node.ts' : './node-process.ts', import.meta.url),
  );
  const traceDir =
    config.trace && !floor ? await mkdtemp(join(tmpdir(), 'veil-bench-trace-')) : null;
  const commitTrace = traceDir ? join(traceDir, 'commits.json') : null;
  const child = await startProcess({
    name: floor ? 'bench-floor-node' : 'bench-game-node',
    command: process.execPath,
    // The same loader flags as this process (tsx), so the child runs TypeScript too, and the V8
    // flags a Veil server process runs with in production.
    args: [...process.execArgv, ...VEIL_NODE_FLAGS, entry],
    env: {
      ...process.env,
      VEIL_BENCH_DATABASE_URL: config.databaseUrl,
      VEIL_BENCH_NATS_URL: config.natsUrl,
      ...(commitTrace ? { VEIL_BENCH_COMMIT_TRACE: commitTrace } : {}),
    },
  });
  // Rooms are created through Veil's own bus; the acts and views go through the lean client.
  const bus = await NatsBus.connect({ servers: config.natsUrl, name: 'veil-bench-driver' });
  const wire = await WireClient.connect(config.natsUrl);
  try {
    await child.waitForOutput(/bench node ready/, 60_000);
    progress(`latency: ${floor ? 'floor' : 'game'} node process ${child.pid} ready`);
    const results: LatencyFigures[] = [];
    const acts: TracedAct[][] = [];
    for (const [index, phase] of config.phases.entries()) {
      const traced: TracedAct[] = [];
      acts.push(traced);
      const traceAct = config.trace ? (act: TracedAct) => traced.push(act) : null;
      results.push(
        await runPhase(bus, wire, `lat${index}`, phase, config.movesPerMatch, child.pid, traceAct),
      );
    }
    if (commitTrace) {
      // The node writes its commits as it exits.
      wire.close();
      await bus.close();
      await child.stop(10_000);
      const commits = readCommits(commitTrace);
      results.forEach((r, i) => (r.breakdown = breakdown(acts[i] ?? [], commits)));
    }
    return results;
  } finally {
    wire.close();
    await bus.close().catch(() => undefined);
    await child.stop(10_000);
    if (traceDir) await rm(traceDir, { recursive: true, force: true });
  }
}

async function runPhase(
  bus: NatsBus,
  wire: WireClient,
  prefix: string,
  phase: LatencyPhase,
  movesPerMatch: number,
  nodePid: number,
  traceAct: ((act: TracedAct) => void) | null,
): Promise<LatencyFigures> {
  progress(`latency: creating ${phase.rooms} rooms`);
  const ids = Array.from({ length: phase.rooms }, (_, i) => `${prefix}-${i}`);
  // The first rooms' games are of every length up to `movesPerMatch`, so that they end (and are
  // replaced, below) spread over the phase as games on a site do, not all in the same second.
  const firstLength = new Map(
    ids.map((id, i) => [id, Math.ceil(((i + 1) * movesPerMatch) / ids.length)]),
  );
  const lengthOf = (id: string): number => firstLength.get(id) ?? movesPerMatch;
  await createNodeRooms(bus, ids, lengthOf);
  const rooms = ids.map((id) => new RoomDriver(id, lengthOf(id)));

  const pending = new Map<string, Pending>();
  const latencies: number[] = [];
  /** [sent at, latency] of each measured act, for the per-second figures. */
  const bySecond: [number, number][] = [];
  const allViews: number[] = [];
  const acks: number[] = [];
  let errors = 0;
  const unsubscribe = wire.subscribe('veil.room.*.view.*', (subject, payload) => {
    const [, , roomId = '', , viewer] = subject.split('.');
    const key = `${roomId}:${viewVersion(payload, roomId)}`;
    const p = pending.get(key);
    if (!p) return;
    const t = now() - p.sent;
    if (viewer === p.seat && !p.warm) {
      latencies.push(t);
      bySecond.push([p.sent, t]);
      traceAct?.({
        key,
        sent: performance.timeOrigin + p.sent,
        viewed: performance.timeOrigin + p.sent + t,
      });
    }
    if (++p.views === VIEWERS) {
      if (!p.warm) allViews.push(t);
      pending.delete(key);
    }
  });
  await wire.flush();

  const total = Math.round(phase.rate * phase.seconds);
  const warmup = Math.round(total / 10);
  const free = [...rooms];
  // A room whose game ends is replaced by a new one of `movesPerMatch`, as players start new
  // games: however long the phase, the node keeps `phase.rooms` games going, of the usual sizes.
  let created = phase.rooms;
  let replaced = 0;
  const replace = (): void => {
    const id = `${prefix}-${created++}`;
    createNodeRooms(bus, [id], movesPerMatch).then(
      () => {
        replaced++;
        free.push(new RoomDriver(id, movesPerMatch));
      },
      (error: unknown) => {
        errors++;
        progress(`latency: a replacement room was not created: ${String(error)}`);
      },
    );
  };
  let sent = 0;
  let starved = 0;
  let inFlight = 0;
  const intervalMs = 1000 / phase.rate;
  progress(`latency: ${total} acts at ${phase.rate}/s over NATS (first ${warmup} are warm-up)`);
  const send = (room: RoomDriver, warm: boolean): void => {
    const { seat, command } = room.next();
    const t0 = now();
    pending.set(`${room.id}:${room.version + 1}`, { sent: t0, seat, warm, views: 0 });
    inFlight++;
    wire.request(`veil.room.${room.id}.cmd`, command, (payload) => {
      inFlight--;
      const r = JSON.parse(payload.toString()) as { ok?: boolean; version?: number };
      if (!r.ok || r.version === undefined) {
        errors++;
        if (errors <= 3) progress(`latency: act failed: ${payload.toString()}`);
        return;
      }
      if (!warm) acks.push(now() - t0);
      room.acked(seat, command, r.version);
      if (!room.done) free.push(room);
      else if (sent < total) replace();
    });
  };
  const loopDelay = monitorEventLoopDelay({ resolution: LOOP_DELAY_RESOLUTION_MS });
  loopDelay.enable();
  const start = now();
  const nodeCpuStart = processCpuMicros(nodePid);
  const driverCpuStart = process.cpuUsage();
  await new Promise<void>((resolve) => {
    let lastReport = start;
    const pump = (): void => {
      const t = now();
      const due = Math.min(total, Math.floor((t - start) / intervalMs) + 1);
      while (sent < due) {
        const room = free.shift();
        if (!room) {
          starved++;
          break;
        }
        send(room, sent < warmup);
        sent++;
      }
      if (t - lastReport > 5_000) {
        lastReport = t;
        progress(`  latency: ${sent}/${total} acts sent, ${inFlight} in flight`);
      }
      // A node that cannot keep up would make this run forever: stop at twice the plan.
      if (sent >= total || t - start > phase.seconds * 2_000) resolve();
      else setTimeout(pump, 1);
    };
    pump();
  });
  const sendSeconds = (now() - start) / 1000;
  const deadline = now() + 30_000;
  while (inFlight > 0 && now() < deadline) await new Promise((r) => setTimeout(r, 20));
  const nodeCpuEnd = processCpuMicros(nodePid);
  const driverCpu = process.cpuUsage(driverCpuStart);
  await new Promise((r) => setTimeout(r, 250)); // the last views
  unsubscribe();
  // Acts never answered within the deadline count as failed.
  errors += inFlight;
  loopDelay.disable();
  latencies.sort((a, b) => a - b);
  allViews.sort((a, b) => a - b);
  acks.sort((a, b) => a - b);
  return {
    targetRate: phase.rate,
    achievedRate: round(sent / sendSeconds),
    measuredActs: latencies.length,
    warmupActs: warmup,
    rooms: phase.rooms,
    p50Ms: round(percentile(latencies, 50), 2),
    p90Ms: round(percentile(latencies, 90), 2),
    p99Ms: round(percentile(latencies, 99), 2),
    maxMs: round(latencies[latencies.length - 1] ?? Number.NaN, 2),
    ackP50Ms: round(percentile(acks, 50), 2),
    ackP99Ms: round(percentile(acks, 99), 2),
    allViewsP99Ms: round(percentile(allViews, 99), 2),
    driverLoopDelayP99Ms: loopLatenessMs(loopDelay.percentile(99), LOOP_DELAY_RESOLUTION_MS),
    driverLoopDelayMaxMs: loopLatenessMs(loopDelay.max, LOOP_DELAY_RESOLUTION_MS),
    nodeCpuPerActUs:
      nodeCpuStart === null || nodeCpuEnd === null
        ? null
        : round((nodeCpuEnd - nodeCpuStart) / sent, 1),
    driverCpuPerActUs: round((driverCpu.user + driverCpu.system) / sent, 1),
    secondP99Ms: perSecondP99(bySecond, start),
    starved,
    roomsReplaced: replaced,
    errors,
  };
}
