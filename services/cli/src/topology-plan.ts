/**
 * The production topology (docs/architecture.md, "The parts") as processes: which `veil start`
 * processes run and the environment of each. `veil topology` starts exactly these, and
 * test/contracts/docker-compose.test.ts checks that docker-compose.yml runs the same roles, as
 * many of each by default, with the same variables.
 */

export type TopologyRole = 'game' | 'ai' | 'gateway';

export interface TopologyCounts {
  readonly gameNodes: number;
  readonly aiWorkers: number;
  readonly gateways: number;
}

/** What docker-compose.yml runs: 2 game nodes, 3 AI workers, 1 gateway. */
export const DEFAULT_TOPOLOGY: TopologyCounts = { gameNodes: 2, aiWorkers: 3, gateways: 1 };

/** Each role's NATS user in infra/nats/nats.conf is named after the role. */
export const natsUserOf = (role: TopologyRole): string => role;

/** The variable nats.conf reads a role's password from. */
export const natsPasswordVariable = (role: TopologyRole): string =>
  `VEIL_NATS_${role.toUpperCase()}_PASSWORD`;

/** The variables every process of a role is given (docker-compose.yml gives the same). */
export const ROLE_VARIABLES: Readonly<Record<TopologyRole, readonly string[]>> = {
  game: ['VEIL_ROLE', 'DATABASE_URL', 'NATS_URL', 'NATS_USER', 'NATS_PASSWORD'],
  ai: ['VEIL_ROLE', 'NATS_URL', 'NATS_USER', 'NATS_PASSWORD'],
  gateway: ['VEIL_ROLE', 'DATABASE_URL', 'NATS_URL', 'NATS_USER', 'NATS_PASSWORD'],
};

export interface PlannedProcess {
  /** `game-1`, `ai-2`, `gateway-1`, … */
  readonly name: string;
  readonly role: TopologyRole;
  /** A gateway's HTTP port, or the metrics port of a game node or worker. */
  readonly port: number;
  readonly env: Readonly<Record<string, string>>;
}

export interface PlanInput {
  readonly counts: TopologyCounts;
  readonly databaseUrl: string;
  readonly natsUrl: string;
  readonly natsPasswords: Readonly<Record<TopologyRole, string>>;
  /** Ports for the gateways, in order. */
  readonly gatewayPorts: readonly number[];
  /** Metrics ports for the game nodes then the workers, in order. */
  readonly metricsPorts: readonly number[];
}

/** Gateways last: they serve players only once nodes and workers are there to answer. */
export function planTopology(input: PlanInput): PlannedProcess[] {
  const { counts } = input;
  const plan: PlannedProcess[] = [];
  const metricsPorts = [...input.metricsPorts];
  const add = (role: TopologyRole, count: number, port: (i: number) => number | undefined) => {
    for (let i = 0; i < count; i += 1) {
      const chosen = port(i);
      if (chosen === undefined) throw new Error(`no port for ${role}-${i + 1}`);
      const env: Record<string, string> = {
        VEIL_ROLE: role,
        NATS_URL: input.natsUrl,
        NATS_USER: natsUserOf(role),
        NATS_PASSWORD: input.natsPasswords[role],
      };
      if (role !== 'ai') env['DATABASE_URL'] = input.databaseUrl;
      if (role === 'gateway') env['PORT'] = String(chosen);
      else env['VEIL_METRICS_PORT'] = String(chosen);
      plan.push({ name: `${role}-${i + 1}`, role, port: chosen, env });
    }
  };
  add('game', counts.gameNodes, () => metricsPorts.shift());
  add('ai', counts.aiWorkers, () => metricsPorts.shift());
  add('gateway', counts.gateways, (i) => input.gatewayPorts[i]);
  return plan;
}
