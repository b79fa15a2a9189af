import { execFileSync } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { connectSeat, createRoom } from '@veil/client';
import { afterAll, describe, expect, it } from 'vitest';
import { freePort, startProcess, type ManagedProcess } from '../support/index.js';

// `veil start` as a user runs it: the embedded default (PGlite under VEIL_DATA_DIR, the
// in-process bus, gateway + game node + AI workers in one process), stopped with SIGTERM.

const veilBin = fileURLToPath(new URL('../../services/cli/bin/veil.js', import.meta.url));
const repoRoot = fileURLToPath(new URL('../..', import.meta.url));

describe('veil start (embedded)', () => {
  let child: ManagedProcess | undefined;
  let dataDir: string | undefined;

  afterAll(async () => {
    await child?.stop(5_000);
    if (dataDir) await rm(dataDir, { recursive: true, force: true });
  });

  it('boots, answers /healthz and a room, and exits 0 on SIGTERM', async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'veil-start-'));
    const port = await freePort();
    const env: NodeJS.ProcessEnv = {
      ...process.env,
      PORT: String(port),
      VEIL_DATA_DIR: dataDir,
      // Parlor, the small test game, is registered only where a test asks for it.
      VEIL_EXTRA_GAMES: '@veil/parlor',
    };
    delete env['DATABASE_URL'];
    delete env['NATS_URL'];
    delete env['VEIL_ROLE'];
    child = await startProcess({
      name: 'veil start',
      command: process.execPath,
      args: [veilBin, 'start'],
      cwd: repoRoot,
      env,
    });
    const [, url] = await child.waitForOutput(/listening on (http:\/\/\S+)/, 180_000);
    expect(url).toBe(`http://localhost:${port}`);

    const health = await fetch(new URL('/healthz', url));
    expect(health.status).toBe(200);
    expect(await health.json()).toEqual({ status: 'ok' });

    // The embedded node and AI workers are there: a room with a bot seat plays.
    const created = await createRoom(url ?? '', {
      game: 'parlor',
      seats: { p1: { type: 'human' }, p2: { type: 'bot', level: 'random' } },
      options: { seed: 1, gameOptions: { turns: 2 } },
    });
    const p1 = await connectSeat({
      url: url ?? '',
      roomId: created.roomId,
      token: created.seats['p1']?.token ?? '',
    });
    expect(p1.view).toMatchObject({ roomId: created.roomId, seat: 'p1', version: 0 });
    p1.close();

    // Structured JSON logs on stdout.
    const jsonLines = child
      .output()
      .split('\n')
      .filter((line) => line.startsWith('{'));
    expect(jsonLines.length).toBeGreaterThan(0);
    for (const line of jsonLines) expect(JSON.parse(line)).toHaveProperty('msg');

    const exit = await child.stop(30_000);
    expect(exit, child.output()).toEqual({ code: 0, signal: null });
    child = undefined;
  }, 300_000);

  it('stops with `npm start` when npm is killed, even by a signal npm cannot pass on', async () => {
    const npmDataDir = await mkdtemp(join(tmpdir(), 'veil-npm-start-'));
    const port = await freePort();
    const env: NodeJS.ProcessEnv = {
      ...process.env,
      PORT: String(port),
      VEIL_DATA_DIR: npmDataDir,
    };
    delete env['DATABASE_URL'];
    delete env['NATS_URL'];
    delete env['VEIL_ROLE'];
    delete env['npm_lifecycle_event'];
    const npm = await startProcess({
      name: 'npm start',
      command: 'npm',
      args: ['start'],
      cwd: repoRoot,
      env,
    });
    let server: number | undefined;
    try {
      await npm.waitForOutput(/listening on http/, 180_000);
      // `npm start` execs node: the server is npm's only child.
      server = Number(execFileSync('pgrep', ['-P', String(npm.pid)], { encoding: 'utf8' }).trim());
      expect(server).toBeGreaterThan(0);
      process.kill(npm.pid, 'SIGKILL');
      await waitUntil(() => !isRunning(server as number), 60_000);
      expect(isRunning(server)).toBe(false);
    } finally {
      if (server !== undefined && isRunning(server)) process.kill(server, 'SIGKILL');
      await npm.stop(5_000).catch(() => undefined);
      await rm(npmDataDir, { recursive: true, force: true });
    }
  }, 300_000);
});

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

/** Resolves once `done()` holds; gives up (and lets the caller's check fail) after `limitMs`. */
async function waitUntil(done: () => boolean, limitMs: number): Promise<void> {
  const until = performance.now() + limitMs;
  while (!done() && performance.now() < until) await new Promise((r) => setTimeout(r, 200));
}
