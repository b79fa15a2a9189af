/**
 * Load: many Netrunner rooms with bot seats across two game nodes, spectator sockets on one
 * gateway, the Corp's acts paced at a target rate that rises in steps until the latency or the
 * errors break; then the stand-in floor (node-throughput's floor-node.ts) at each step's action
 * rate on the same servers, so each step's latency is given as a ratio to the floor. Also memory
 * per room and CPU per role. See test/bench/README.md, "load".
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os, { tmpdir } from 'node:os';
import { join } from 'node:path';
import { measureLatency } from '../node-throughput/latency.js';
import { benchServices } from '../node-throughput/services.js';
import {
  count,
  now,
  progress,
  round,
  say,
  table,
  type BenchOptions,
  type Figures,
} from '../common/bench.js';
import { RoomSet, type StepFigures } from './rooms.js';
import { Spectators } from './spectators.js';
import { stallsOf, type NodeStalls } from './stalls.js';
import {
  residentBytes,
  roleCpuSeconds,
  rolePids,
  startLoadTopology,
  type LoadTopology,
} from './topology.js';

interface Sizes {
  rooms: number;
  spectators: number;
  /** Corp acts per second the driver sends, one step each, until a step breaks. */
  corpRates: readonly number[];
  stepSeconds: number;
  warmupSeconds: number;
  floorSeconds: number;
}

const FULL: Sizes = {
  rooms: 10_000,
  spectators: 1_000,
  corpRates: [50, 100, 150, 200, 300, 400, 600, 800],
  stepSeconds: 45,
  warmupSeconds: 20,
  floorSeconds: 20,
};
const QUICK: Sizes = {
  rooms: 500,
  spectators: 100,
  corpRates: [50, 100, 200],
  stepSeconds: 15,
  warmupSeconds: 5,
  floorSeconds: 6,
};

/** A bot's think time: short, so the bots follow the driver's pace rather than set it. */
const THINK_MS = 100;
const THINK_JITTER_MS = 100;

/** A step breaks when the driver falls this far behind its target, or worse (below). */
const BEHIND = 0.9;
const ERROR_SHARE = 0.01;
const P99_LIMIT_MS = 1_000;

interface Step extends StepFigures {
  loadAvg1m: number;
  /** CPU cores each role used over the step (CPU seconds per second), and the whole machine. */
  cores: Record<string, number>;
  machineBusyCores: number;
  /** All of the above roles together; the rest of the machine's busy cores is other work. */
  veilCores: number;
  /** CPU µs per committed action, per role. */
  cpuPerActionUs: Record<string, number>;
  actToSpectatorP50Ms: number;
  actToSpectatorP99Ms: number;
  spectatorViewsPerSecond: number;
  gameNodeRssBytes: number[];
  /** Each game node's collections and longest event-loop delay over the step. */
  gameNodeStalls: (NodeStalls | null)[];
  /** Why this step broke, if it did. */
  broke: string | null;
}

export async function main(options: BenchOptions): Promise<Figures> {
  const sizes = options.quick ? QUICK : FULL;
  const services = await benchServices();
  if ('missing' in services) {
    progress(`load: skipped, ${services.missing}`);
    return { skipped: services.missing };
  }
  const logDir = mkdtempSync(join(tmpdir(), 'veil-bench-load-'));
  progress(`load: 2 game nodes, 1 AI worker, 1 gateway (logs in ${logDir})`);
  let topology: LoadTopology | null = null;
  try {
    topology = await startLoadTopology({
      databaseUrl: services.databaseUrl,
      natsUrl: services.natsUrl,
      logDir,
      thinkMs: THINK_MS,
      thinkJitterMs: THINK_JITTER_MS,
      stallDir: logDir,
    });
    const veil = await underLoad(topology, services, sizes, logDir);
    await topology.stop();
    topology = null;
    const floor = await floorAt(services, sizes, veil.steps);
    const figures = { ...veil, floor, sizes, thinkMs: THINK_MS, thinkJitterMs: THINK_JITTER_MS };
    report(figures);
    rmSync(logDir, { recursive: true, force: true });
    return figures;
  } finally {
    await topology?.stop();
    await services.stop();
  }
}

async function underLoad(
  topology: LoadTopology,
  services: { databaseUrl: string; natsUrl: string },
  sizes: Sizes,
  stallDir: string,
) {
  const nodes = topology.gameNodes.map((c) => c.pid);
  const rss = () => nodes.map((pid) => residentBytes(pid) ?? 0);
  const rssBefore = rss();
  let spectators: Spectators | null = null;
  const rooms = await RoomSet.open({
    natsUrl: services.natsUrl,
    prefix: `load${process.pid}`,
    seed: 'load',
    onActSent: (id, version, at) => spectators?.actSent(id, version, at),
    onReplaced: (oldId, newId) => spectators?.replaced(oldId, newId),
  });
  try {
    progress(`load: creating ${count(sizes.rooms)} rooms`);
    const createStart = now();
    // In two halves: the second half's growth is per room, without what a node grows by once
    // (its young generation, compiled code, pools).
    const half = Math.floor(sizes.rooms / 2);
    await rooms.create(half, 16, (n) => progress(`  ${count(n)} rooms`));
    const rssHalf = rss();
    await rooms.create(sizes.rooms - half, 16, (n) => progress(`  ${count(half + n)} rooms`));
    const creationSeconds = (now() - createStart) / 1000;
    const rssCreated = rss();
    spectators = new Spectators(topology.gatewayUrl);
    progress(`load: connecting ${count(sizes.spectators)} spectators`);
    // Spread over the rooms (every n-th), so that acts reach them all along the steps.
    const ids = [...rooms.rooms.keys()];
    const every = Math.max(1, Math.floor(ids.length / sizes.spectators));
    await spectators.connect(ids.filter((_, i) => i % every === 0).slice(0, sizes.spectators));
    progress(`load: warm-up, ${sizes.warmupSeconds} s at ${sizes.corpRates[0]} Corp acts/s`);
    await rooms.runStep(sizes.corpRates[0] ?? 10, sizes.warmupSeconds);
    spectators.take();

    const steps: Step[] = [];
    for (const rate of sizes.corpRates) {
      progress(`load: ${rate} Corp acts/s for ${sizes.stepSeconds} s`);
      const pids = rolePids(topology, services.databaseUrl, services.natsUrl);
      const cpuBefore = roleCpuSeconds(pids);
      const busyBefore = machineBusySeconds();
      const wallBefore = now();
      const clockBefore = Date.now();
      const figures = await rooms.runStep(rate, sizes.stepSeconds);
      const wall = (now() - wallBefore) / 1000;
      const cpuAfter = roleCpuSeconds(pids);
      const cores: Record<string, number> = {};
      const cpuPerActionUs: Record<string, number> = {};
      for (const role of Object.keys(cpuAfter)) {
        const seconds = (cpuAfter[role] ?? 0) - (cpuBefore[role] ?? 0);
        cores[role] = round(seconds / wall, 3);
        cpuPerActionUs[role] = round((seconds * 1e6) / (figures.actionsPerSecond * wall), 1);
      }
      const spectated = spectators.take();
      const step: Step = {
        ...figures,
        loadAvg1m: round(os.loadavg()[0] ?? 0, 2),
        cores,
        machineBusyCores: round((machineBusySeconds() - busyBefore) / wall, 2),
        veilCores: round(
          Object.values(cores).reduce((a, b) => a + b, 0),
          2,
        ),
        cpuPerActionUs,
        actToSpectatorP50Ms: spectated.actToSpectatorP50Ms,
        actToSpectatorP99Ms: spectated.actToSpectatorP99Ms,
        spectatorViewsPerSecond: round(spectated.views / wall, 1),
        gameNodeRssBytes: rss(),
        gameNodeStalls: nodes.map((pid) => stallsOf(stallDir, pid, clockBefore, Date.now())),
        broke: null,
      };
      step.broke = whyBroken(step);
      steps.push(step);
      progress(
        `  ${step.actionsPerSecond} actions/s, p50 ${step.p50Ms} ms, p99 ${step.p99Ms} ms` +
          `${step.broke ? ` — breaks: ${step.broke}` : ''}`,
      );
      if (step.broke) break;
    }
    const grown = rssCreated.reduce((sum, b, i) => sum + b - (rssHalf[i] ?? 0), 0);
    return {
      rooms: sizes.rooms,
      spectators: spectators.count,
      spectatorConnectFailures: spectators.failures,
      roomsCreatedPerSecond: round(sizes.rooms / creationSeconds, 1),
      gameNodeRssBeforeBytes: rssBefore,
      gameNodeRssCreatedBytes: rssCreated,
      gameNodeRssHalfBytes: rssHalf,
      /** Resident memory the two nodes grew by over the second half of the creations, per room. */
      rssPerRoomBytes: round(grown / (sizes.rooms - half)),
      steps,
    };
  } finally {
    spectators?.close();
    rooms.close();
  }
}

function whyBroken(step: Step): string | null {
  const errors = Object.values(step.errors).reduce((a, b) => a + b, 0);
  if (step.p99Ms > P99_LIMIT_MS) return `p99 ${step.p99Ms} ms > ${P99_LIMIT_MS} ms`;
  if (errors > ERROR_SHARE * (step.measuredActs + errors)) return `${errors} acts failed`;
  const sent = step.corpActsPerSecond;
  if (sent < BEHIND * step.targetCorpActsPerSecond) {
    return `the driver sent ${sent}/s of ${step.targetCorpActsPerSecond}/s (${step.starved} ticks found no room to act in)`;
  }
  return null;
}

/** The stand-in floor at each step's action rate, same servers, same driver client. */
async function floorAt(
  services: { databaseUrl: string; natsUrl: string },
  sizes: Sizes,
  steps: readonly Step[],
) {
  progress('load: the stand-in floor at each step’s action rate');
  const phases = steps.map((s) => ({
    rate: Math.max(10, Math.round(s.actionsPerSecond)),
    seconds: sizes.floorSeconds,
    rooms: 500,
  }));
  const floor = await measureLatency({
    databaseUrl: services.databaseUrl,
    natsUrl: services.natsUrl,
    phases,
    movesPerMatch: 100,
    node: 'floor',
  });
  return floor.map((f, i) => {
    const step = steps[i];
    return {
      rate: f.targetRate,
      achievedRate: f.achievedRate,
      p50Ms: f.p50Ms,
      p99Ms: f.p99Ms,
      errors: f.errors,
      p50Ratio: step ? round(step.p50Ms / f.p50Ms, 1) : null,
      p99Ratio: step ? round(step.p99Ms / f.p99Ms, 1) : null,
    };
  });
}

/** Busy CPU seconds of the whole machine so far (all cores, /proc/stat; 0 off Linux). */
function machineBusySeconds(): number {
  try {
    const line = readFileSync('/proc/stat', 'utf8').split('\n')[0] ?? '';
    const ticks = line.trim().split(/\s+/).slice(1).map(Number);
    const idle = (ticks[3] ?? 0) + (ticks[4] ?? 0);
    return (ticks.reduce((a, b) => a + b, 0) - idle) / 100;
  } catch {
    return 0;
  }
}

function report(figures: Awaited<ReturnType<typeof underLoad>> & { floor: FloorRow[] }): void {
  table(`${count(figures.rooms)} Netrunner rooms (Corp driven, Runner a random bot)`, [
    ['rooms created/s', String(figures.roomsCreatedPerSecond)],
    ['spectator sockets', `${figures.spectators} (${figures.spectatorConnectFailures} failed)`],
    ['game-node RSS growth per room', `${(figures.rssPerRoomBytes / 1024).toFixed(1)} KiB`],
  ]);
  figures.steps.forEach((s, i) => {
    const f = figures.floor[i];
    table(`step ${i + 1}: ${s.targetCorpActsPerSecond} Corp acts/s`, [
      ['actions/s (Corp + bot)', `${s.actionsPerSecond} (${s.botActionsPerSecond} bot)`],
      ['act → view p50 / p99', `${s.p50Ms} / ${s.p99Ms} ms`],
      ['floor p50 / p99', f ? `${f.p50Ms} / ${f.p99Ms} ms at ${f.achievedRate}/s` : '—'],
      ['ratio p50 / p99', f ? `${f.p50Ratio}× / ${f.p99Ratio}×` : '—'],
      ['act → spectator p50 / p99', `${s.actToSpectatorP50Ms} / ${s.actToSpectatorP99Ms} ms`],
      ['errors', JSON.stringify(s.errors)],
      ['p99 by node', JSON.stringify(s.p99ByNodeMs)],
      ['p99 per second (max)', String(Math.max(...s.secondP99Ms))],
      [
        'node stalls (major GCs, max GC, GC total, max loop delay)',
        s.gameNodeStalls
          .map((n) =>
            n ? `${n.majorGcs}, ${n.majorGcMaxMs}, ${n.gcMs}, ${n.loopDelayMaxMs} ms` : '—',
          )
          .join(' | '),
      ],
      [
        'cores by role',
        Object.entries(s.cores)
          .map(([r, c]) => `${r} ${c}`)
          .join(', '),
      ],
      [
        'cores: Veil + servers + driver / machine busy',
        `${s.veilCores} / ${s.machineBusyCores} (load avg ${s.loadAvg1m})`,
      ],
      ['broke', s.broke ?? 'no'],
    ]);
  });
  say('Latency: the Corp act sent over NATS → the Corp view of that version on NATS.');
}

type FloorRow = Awaited<ReturnType<typeof floorAt>>[number];
