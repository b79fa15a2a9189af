import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Counter, Registry } from 'prom-client';
import { describe, expect, it } from 'vitest';
import { serveMetrics } from './process-metrics.js';
import { startOptionsFromEnv } from './start.js';
import { startVeil } from './start-roles.js';

describe('process metrics', () => {
  it('serves a registry on GET /metrics for a process without a gateway', async () => {
    const registry = new Registry();
    new Counter({ name: 'veil_test_total', help: 'a test counter', registers: [registry] }).inc(3);
    const server = await serveMetrics(registry, 0, '127.0.0.1');
    try {
      const response = await fetch(`http://127.0.0.1:${server.port}/metrics`);
      expect(response.status).toBe(200);
      expect(await response.text()).toMatch(/^veil_test_total 3$/m);
      expect((await fetch(`http://127.0.0.1:${server.port}/other`)).status).toBe(404);
    } finally {
      await server.close();
    }
  });

  it('reads VEIL_METRICS_PORT', () => {
    expect(startOptionsFromEnv({ VEIL_METRICS_PORT: '9464' })).toMatchObject({
      metricsPort: 9464,
    });
    expect(startOptionsFromEnv({})).not.toHaveProperty('metricsPort');
  });

  it('serves /metrics only on VEIL_METRICS_PORT when it is set, never on the public port', async () => {
    const dataDir = await mkdtemp(join(tmpdir(), 'veil-metrics-'));
    const veil = await startVeil({
      port: 0,
      host: '127.0.0.1',
      metricsPort: 0,
      dataDir,
      aiWorkers: 0,
      logLevel: 'silent',
    });
    try {
      const publicUrl = new URL('/metrics', veil.url ?? '');
      const metricsUrl = veil.metricsUrl ?? '';
      expect(new URL(metricsUrl).port).not.toBe(publicUrl.port);
      const own = await fetch(metricsUrl);
      expect(own.status).toBe(200);
      expect(await own.text()).toMatch(/^# TYPE veil_gateway_actions_total counter$/m);
      const onPublic = await fetch(publicUrl);
      expect(onPublic.status).toBe(404);
      expect(await onPublic.text()).not.toMatch(/veil_/);
      // The public port still serves the lobby API.
      expect((await fetch(new URL('/api/rooms', veil.url ?? ''))).status).toBe(200);
    } finally {
      await veil.close();
      await rm(dataDir, { recursive: true, force: true });
    }
  }, 60_000);

  it('reads VEIL_METRICS_HOST', () => {
    expect(
      startOptionsFromEnv({ VEIL_METRICS_PORT: '9464', VEIL_METRICS_HOST: '10.0.0.7' }),
    ).toMatchObject({ metricsPort: 9464, metricsHost: '10.0.0.7' });
  });

  it("shows the AI workers' and the game node's bot metrics on the gateway's /metrics", async () => {
    const dataDir = await mkdtemp(join(tmpdir(), 'veil-metrics-'));
    const veil = await startVeil({
      port: 0,
      host: '127.0.0.1',
      dataDir,
      aiWorkers: 2,
      ai: { threads: 1 },
      logLevel: 'silent',
    });
    try {
      const url = veil.url ?? '';
      // A room whose Corp is a bot: the bot decides first, on one of the workers.
      const created = await fetch(new URL('/api/rooms', url), {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({
          game: 'netrunner',
          seats: { corp: { type: 'bot', level: 'random' }, runner: { type: 'human' } },
        }),
      });
      expect(created.status).toBe(201);
      const answered =
        /^veil_ai_answers_total\{game="netrunner",level="random",result="ok"\} [1-9]/m;
      let text = '';
      for (let i = 0; i < 300 && !answered.test(text); i += 1) {
        await new Promise((r) => setTimeout(r, 100));
        text = await (await fetch(new URL('/metrics', url))).text();
      }
      // The workers write to the one registry the gateway serves.
      expect(text).toMatch(answered);
      expect(text).toMatch(/^# TYPE veil_ai_decision_seconds histogram$/m);
      expect(text).toMatch(/^# TYPE veil_ai_iterations_per_second histogram$/m);
      expect(text).toMatch(/^# TYPE veil_ai_answers_total counter$/m);
      expect(text).toMatch(/^# TYPE veil_game_bot_fallbacks_total counter$/m);
      expect(text).toMatch(/^# TYPE veil_gateway_actions_total counter$/m);
    } finally {
      await veil.close();
      await rm(dataDir, { recursive: true, force: true });
    }
  }, 120_000);
});
