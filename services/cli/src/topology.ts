import { randomBytes } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { intOption, parseArgs } from './args.js';
import { VEIL_NODE_FLAGS } from './node-flags.js';
import { TopologyChild } from './topology-child.js';
import {
  DEFAULT_TOPOLOGY,
  natsPasswordVariable,
  planTopology,
  type PlannedProcess,
  type TopologyRole,
} from './topology-plan.js';
import { freePort, startNats, startPostgres } from './topology-servers.js';

const NATS_CONFIG = fileURLToPath(new URL('../../../infra/nats/nats.conf', import.meta.url));
const VEIL_BIN = fileURLToPath(new URL('../bin/veil.js', import.meta.url));

/** Variables of the launcher's environment the plan sets per process (never inherited). */
const PLANNED = [
  'VEIL_ROLE',
  'DATABASE_URL',
  'NATS_URL',
  'NATS_USER',
  'NATS_PASSWORD',
  'PORT',
  'VEIL_METRICS_PORT',
  'VEIL_NODE_ID',
];

/** How long a `veil start` gets to drain after SIGTERM (its own limit is 10 s). */
const VEIL_STOP_MS = 15_000;

/**
 * `veil topology`: the production topology from the machine's own binaries (docs/operations.md,
 * "The topology without Docker") — Postgres, nats-server with infra/nats/nats.conf, N game nodes,
 * M AI workers and G gateways, each a `veil start` with its `VEIL_ROLE` and its own NATS user —
 * until SIGINT or SIGTERM, then everything stops, gateways first and Postgres last.
 */
export async function topology(argv: readonly string[]): Promise<number> {
  const args = parseArgs(argv, {
    options: [
      'dir',
      'game-nodes',
      'ai-workers',
      'gateways',
      'port',
      'pg-port',
      'nats-port',
      'nats-monitor-port',
      'metrics-port',
    ],
    flags: [],
  });
  const dir = resolve(args.options.get('dir')?.at(-1) ?? '.veil/topology');
  const counts = {
    gameNodes: intOption(args, 'game-nodes', DEFAULT_TOPOLOGY.gameNodes, 1),
    aiWorkers: intOption(args, 'ai-workers', DEFAULT_TOPOLOGY.aiWorkers, 0),
    gateways: intOption(args, 'gateways', DEFAULT_TOPOLOGY.gateways, 1),
  };
  // 0 for any port: a free one.
  const port = async (name: string, fallback: number) =>
    intOption(args, name, fallback, 0) || (await freePort());
  const consecutive = async (name: string, fallback: number, count: number) => {
    const first = intOption(args, name, fallback, 0);
    const ports: number[] = [];
    for (let i = 0; i < count; i += 1) ports.push(first === 0 ? await freePort() : first + i);
    return ports;
  };
  const gatewayPorts = await consecutive('port', 3000, counts.gateways);
  const metricsPorts = await consecutive('metrics-port', 9101, counts.gameNodes + counts.aiWorkers);
  const pgPort = await port('pg-port', 55432);
  const natsPort = await port('nats-port', 4222);
  const natsMonitorPort = await port('nats-monitor-port', 8222);

  const logDir = join(dir, 'logs');
  mkdirSync(logDir, { recursive: true });
  const say = (line: string) => console.error(`topology: ${line}`);
  const children: TopologyChild[] = [];
  let stopping = false;
  const stopAll = async () => {
    stopping = true;
    const veil = children.filter((c) => !['postgres', 'nats'].includes(c.name));
    for (const role of ['gateway', 'game', 'ai']) {
      await Promise.all(
        veil
          .filter((c) => c.name.startsWith(`${role}-`))
          .map((c) => c.stop('SIGTERM', VEIL_STOP_MS)),
      );
    }
    await children.find((c) => c.name === 'nats')?.stop('SIGTERM', 5_000);
    // "Fast" shutdown: clients are gone already.
    await children.find((c) => c.name === 'postgres')?.stop('SIGINT', 30_000);
  };
  const watch = (child: TopologyChild) => {
    children.push(child);
    void child.exited.then(({ code, signal }) => {
      if (!stopping) say(`${child.name} exited (${signal ?? `code ${code}`}); see ${logDir}`);
    });
  };

  try {
    const postgres = await startPostgres(join(dir, 'postgres'), pgPort, logDir);
    watch(postgres.child);
    say(`postgres   ${postgres.url.replace(/:[^:@/]*@/, ':***@')}  (data ${postgres.dataDir})`);

    const roles: TopologyRole[] = ['game', 'ai', 'gateway'];
    const natsPasswords = Object.fromEntries(
      roles.map((role) => [
        role,
        process.env[natsPasswordVariable(role)] || `pw-${randomBytes(12).toString('hex')}`,
      ]),
    ) as Record<TopologyRole, string>;
    const nats = await startNats({
      config: NATS_CONFIG,
      dir: join(dir, 'nats'),
      port: natsPort,
      monitorPort: natsMonitorPort,
      passwords: Object.fromEntries(roles.map((r) => [natsPasswordVariable(r), natsPasswords[r]])),
      logDir,
    });
    watch(nats.child);
    say(`nats       ${nats.url}  (monitoring ${nats.monitorUrl}, users game, ai, gateway)`);

    const plan = planTopology({
      counts,
      databaseUrl: postgres.url,
      natsUrl: nats.url,
      natsPasswords,
      gatewayPorts,
      metricsPorts,
    });
    const inherited = { ...process.env };
    for (const name of PLANNED) delete inherited[name];
    // Nodes and workers start together; gateways once they run (planTopology puts them last).
    const started = async (p: PlannedProcess) => {
      const child = spawnVeilProcess(p, inherited, logDir);
      watch(child);
      await child.waitForOutput(VEIL_READY, 180_000);
    };
    await Promise.all(plan.filter((p) => p.role !== 'gateway').map(started));
    await Promise.all(plan.filter((p) => p.role === 'gateway').map(started));
    for (const p of plan) {
      say(
        p.role === 'gateway'
          ? `${p.name.padEnd(10)} http://localhost:${p.port}`
          : `${p.name.padEnd(10)} metrics http://127.0.0.1:${p.port}/metrics`,
      );
    }
    say(`ready; logs in ${logDir}; Ctrl-C stops everything`);
  } catch (error) {
    say(`could not start: ${error instanceof Error ? error.message : error}`);
    await stopAll();
    return 1;
  }

  const signal = await new Promise<string>((resolve) => {
    process.once('SIGINT', () => resolve('SIGINT'));
    process.once('SIGTERM', () => resolve('SIGTERM'));
  });
  say(`${signal}: stopping gateways, game nodes, AI workers, nats-server, Postgres`);
  await stopAll();
  say('stopped');
  return 0;
}

/** What a `veil start` prints once it listens (a gateway) or runs (any other role). */
export const VEIL_READY = /veil: \w+ (listening on|running)/;

/** Spawns one planned `veil start`; wait for {@link VEIL_READY} in its output. */
export function spawnVeilProcess(
  planned: PlannedProcess,
  inherited: NodeJS.ProcessEnv,
  logDir: string,
): TopologyChild {
  return new TopologyChild(
    planned.name,
    process.execPath,
    [...VEIL_NODE_FLAGS, VEIL_BIN, 'start'],
    { env: { ...inherited, ...planned.env }, logFile: join(logDir, `${planned.name}.log`) },
  );
}
