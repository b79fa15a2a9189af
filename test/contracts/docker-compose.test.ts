import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import {
  DEFAULT_TOPOLOGY,
  natsPasswordVariable,
  natsUserOf,
  planTopology,
  ROLE_VARIABLES,
  type TopologyRole,
} from '@veil/cli';

// No Docker engine runs here, so the compose file is checked as data: the topology docs/architecture.md, "The parts"
// names, and every service's NATS user and environment consistent with infra/nats/nats.conf.

const root = (path: string) => fileURLToPath(new URL(`../../${path}`, import.meta.url));

interface Service {
  image?: string;
  build?: string;
  environment?: Record<string, string>;
  deploy?: { replicas?: number };
  volumes?: string[];
  command?: string[];
  ports?: string[];
}

/** Compose's `${VAR:-default}` interpolation, with nothing set: the development defaults. */
function interpolate(text: string): string {
  return text.replace(/\$\{[A-Z_]+:-([^}]*)\}/g, (_, fallback: string) => fallback);
}

const compose = parse(interpolate(readFileSync(root('docker-compose.yml'), 'utf8')), {
  merge: true,
}) as { services: Record<string, Service> };
const natsConf = readFileSync(root('infra/nats/nats.conf'), 'utf8');

function withRole(role: string): [string, Service][] {
  return Object.entries(compose.services).filter(([, s]) => s.environment?.['VEIL_ROLE'] === role);
}

function replicas(services: [string, Service][]): number {
  return services.reduce((sum, [, s]) => sum + (s.deploy?.replicas ?? 1), 0);
}

describe('docker-compose.yml', () => {
  it('runs Postgres, NATS with its config, 2 game nodes, 3 AI workers and 1 gateway', () => {
    expect(compose.services['postgres']?.image).toMatch(/^postgres:15/);
    expect(compose.services['postgres']?.command).toEqual(['postgres', '-c', 'wal_init_zero=off']);
    expect(compose.services['nats']?.volumes).toContain(
      './infra/nats/nats.conf:/etc/nats/nats.conf:ro',
    );
    expect(replicas(withRole('game'))).toBe(2);
    expect(replicas(withRole('ai'))).toBe(3);
    expect(replicas(withRole('gateway'))).toBe(1);
    expect(withRole('gateway')[0]?.[1].ports).toContain('3000:3000');
  });

  it('gives each role its own NATS user, with the password variable nats.conf reads', () => {
    const natsEnv = compose.services['nats']?.environment ?? {};
    for (const role of ['game', 'ai', 'gateway']) {
      for (const [name, service] of withRole(role)) {
        const env = service.environment ?? {};
        // Credentials as options: nats.js ignores them in a URL (veil start refuses that).
        const url = new URL(env['NATS_URL'] ?? '');
        expect([url.host, url.username, url.password], name).toEqual(['nats:4222', '', '']);
        expect(env['NATS_USER'], name).toBe(role);
        const variable = `VEIL_NATS_${role.toUpperCase()}_PASSWORD`;
        expect(natsConf).toContain(`user: ${role}\n      password: $${variable}`);
        // The same password the server was given.
        expect(env['NATS_PASSWORD'], name).toBe(natsEnv[variable]);
      }
    }
    expect(Object.keys(natsEnv).sort()).toEqual(
      [...natsConf.matchAll(/\$(VEIL_NATS_[A-Z_]+)/g)].map((m) => m[1]).sort(),
    );
  });

  it('runs what `veil topology` runs by default, with the same variables per role', () => {
    expect({
      gameNodes: replicas(withRole('game')),
      aiWorkers: replicas(withRole('ai')),
      gateways: replicas(withRole('gateway')),
    }).toEqual(DEFAULT_TOPOLOGY);
    const plan = planTopology({
      counts: DEFAULT_TOPOLOGY,
      databaseUrl: 'postgres://veil@db/veil',
      natsUrl: 'nats://nats:4222',
      natsPasswords: { game: 'g', ai: 'a', gateway: 'w' },
      gatewayPorts: [3000],
      metricsPorts: [9101, 9102, 9103, 9104, 9105],
    });
    const natsEnv = compose.services['nats']?.environment ?? {};
    for (const role of ['game', 'ai', 'gateway'] as const satisfies readonly TopologyRole[]) {
      const planned = plan.filter((p) => p.role === role);
      // Beside the role's variables, the plan only sets ports (each local process needs its own).
      for (const p of planned) {
        const keys = Object.keys(p.env).filter((k) => k !== 'PORT' && k !== 'VEIL_METRICS_PORT');
        expect(keys.sort(), p.name).toEqual([...ROLE_VARIABLES[role]].sort());
      }
      for (const [name, service] of withRole(role)) {
        const env = service.environment ?? {};
        expect(Object.keys(env).sort(), name).toEqual([...ROLE_VARIABLES[role]].sort());
        expect(env['NATS_USER'], name).toBe(natsUserOf(role));
        expect(env['NATS_PASSWORD'], name).toBe(natsEnv[natsPasswordVariable(role)]);
      }
    }
  });

  it('points the store users at the compose Postgres', () => {
    for (const [name, service] of [...withRole('game'), ...withRole('gateway')]) {
      const url = new URL(service.environment?.['DATABASE_URL'] ?? '');
      expect(url.host, name).toBe('postgres:5432');
      expect(url.pathname, name).toBe('/veil');
    }
    expect(withRole('ai').every(([, s]) => !s.environment?.['DATABASE_URL'])).toBe(true);
  });
});
