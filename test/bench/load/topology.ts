/**
 * The processes under load: two game nodes, one AI worker and one gateway, each a `veil start`
 * with its `VEIL_ROLE` (as `npm run topology` runs them, without NATS users: the bench's
 * nats-server has none), on the bench's durable Postgres and nats-server. Also what each role's
 * processes cost: CPU from /proc (the Postgres server with every backend, nats-server found by
 * its port) and the game nodes' resident memory.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { freePort, spawnVeilProcess, VEIL_READY, type TopologyChild } from '@veil/cli';
import { processCpuMicros } from '../common/bench.js';
import { STALL_LOG_PRELOAD } from './stalls.js';

export interface LoadTopologyOptions {
  databaseUrl: string;
  natsUrl: string;
  logDir: string;
  /** The bot's least think time and its random extra (VEIL_AI_THINK_MS, _JITTER_MS). */
  thinkMs: number;
  thinkJitterMs: number;
  /** Where the game nodes log their collections and event-loop delays (stall-log.mjs). */
  stallDir: string;
}

export interface LoadTopology {
  readonly gameNodes: readonly TopologyChild[];
  readonly ai: TopologyChild;
  readonly gateway: TopologyChild;
  readonly gatewayUrl: string;
  stop(): Promise<void>;
}

/** Variables a planned process sets itself; never inherited from the bench's environment. */
const PLANNED = ['VEIL_ROLE', 'DATABASE_URL', 'NATS_URL', 'PORT', 'VEIL_NODE_ID', 'NATS_USER'];

export async function startLoadTopology(options: LoadTopologyOptions): Promise<LoadTopology> {
  const inherited: NodeJS.ProcessEnv = { ...process.env, LOG_LEVEL: 'warn' };
  for (const name of PLANNED) delete inherited[name];
  const common = { NATS_URL: options.natsUrl };
  const withStore = { ...common, DATABASE_URL: options.databaseUrl };
  const gatewayPort = await freePort();
  const plan = [
    ...[1, 2].map((n) => ({
      name: `game-${n}`,
      role: 'game' as const,
      port: 0,
      env: {
        ...withStore,
        VEIL_ROLE: 'game',
        VEIL_NODE_ID: `load-game-${n}`,
        // The driver plays the rooms' human seats over NATS without joining: none is abandoned.
        VEIL_ABANDON_UNJOINED_MS: '0',
        NODE_OPTIONS: `${process.env['NODE_OPTIONS'] ?? ''} --import ${STALL_LOG_PRELOAD}`.trim(),
        VEIL_BENCH_STALL_DIR: options.stallDir,
      },
    })),
    {
      name: 'ai-1',
      role: 'ai' as const,
      port: 0,
      env: {
        ...common,
        VEIL_ROLE: 'ai',
        VEIL_AI_LEVELS: 'random',
        VEIL_AI_THINK_MS: String(options.thinkMs),
        VEIL_AI_THINK_JITTER_MS: String(options.thinkJitterMs),
      },
    },
    {
      name: 'gateway-1',
      role: 'gateway' as const,
      port: gatewayPort,
      env: { ...withStore, VEIL_ROLE: 'gateway', PORT: String(gatewayPort), HOST: '127.0.0.1' },
    },
  ];
  const children: TopologyChild[] = [];
  const stop = async (): Promise<void> => {
    for (const prefix of ['gateway', 'game', 'ai']) {
      await Promise.all(
        children.filter((c) => c.name.startsWith(prefix)).map((c) => c.stop('SIGTERM', 20_000)),
      );
    }
  };
  try {
    // The game nodes first, one at a time (both would migrate the fresh database at once).
    for (const planned of plan) {
      const child = spawnVeilProcess(planned, inherited, options.logDir);
      children.push(child);
      await child.waitForOutput(VEIL_READY, 180_000);
    }
  } catch (error) {
    await stop();
    throw error;
  }
  const [game1, game2, ai, gateway] = children as [
    TopologyChild,
    TopologyChild,
    TopologyChild,
    TopologyChild,
  ];
  return {
    gameNodes: [game1, game2],
    ai,
    gateway,
    gatewayUrl: `http://127.0.0.1:${gatewayPort}`,
    stop,
  };
}

/** The processes of each role, for CPU accounting. */
export type RolePids = Record<string, readonly number[]>;

export function rolePids(topology: LoadTopology, databaseUrl: string, natsUrl: string): RolePids {
  return {
    'game (2 nodes)': topology.gameNodes.map((c) => c.pid),
    ai: [topology.ai.pid],
    gateway: [topology.gateway.pid],
    postgres: serverProcesses('postgres', new URL(databaseUrl).port),
    nats: serverProcesses('nats-server', new URL(natsUrl).port),
    driver: [process.pid],
  };
}

/** CPU seconds so far of each role's processes (summed), for differences over a step. */
export function roleCpuSeconds(pids: RolePids): Record<string, number> {
  const out: Record<string, number> = {};
  for (const [role, list] of Object.entries(pids)) {
    let micros = 0;
    for (const pid of list) micros += processCpuMicros(pid) ?? 0;
    out[role] = micros / 1e6;
  }
  return out;
}

/** Resident memory of a process in bytes (VmRSS), or null. */
export function residentBytes(pid: number): number | null {
  try {
    const match = /^VmRSS:\s+(\d+) kB/m.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
    return match ? Number(match[1]) * 1024 : null;
  } catch {
    return null;
  }
}

/**
 * A local server started by test/support with `-p <port>`, and every process it forked (the
 * Postgres backends, checkpointer, WAL writer …). Empty for a server that is not on this
 * machine's process table (a container, a `DATABASE_URL` elsewhere): its CPU is then not counted.
 */
function serverProcesses(command: string, port: string): number[] {
  const table = processTable();
  const main = table.find(
    (p) => p.comm === command.slice(0, 15) && / -p (\S+)/.exec(p.cmdline)?.[1] === port,
  );
  if (!main) return [];
  return [main.pid, ...table.filter((p) => p.ppid === main.pid).map((p) => p.pid)];
}

interface ProcessEntry {
  pid: number;
  ppid: number;
  comm: string;
  cmdline: string;
}

function processTable(): ProcessEntry[] {
  const entries: ProcessEntry[] = [];
  for (const name of readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    try {
      const stat = readFileSync(`/proc/${name}/stat`, 'utf8');
      const comm = stat.slice(stat.indexOf('(') + 1, stat.lastIndexOf(')'));
      const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      const cmdline = readFileSync(`/proc/${name}/cmdline`, 'utf8').replaceAll('\0', ' ');
      entries.push({ pid: Number(name), ppid, comm, cmdline });
    } catch {
      // gone meanwhile
    }
  }
  return entries;
}
