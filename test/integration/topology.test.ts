import { chmod, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { NatsBus, type BusError } from '@veil/bus';
import { connectSeat, connectSpectator, createRoom, type VeilConnection } from '@veil/client';
import { parlorView, playFirstLegal } from '@veil/gateway/testing';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeWithServices, startProcess, type ManagedProcess } from '../support/index.js';

// `veil topology` (docs/operations.md, "The topology without Docker") as an operator runs it:
// Postgres and nats-server from the machine's binaries, with infra/nats/nats.conf as it is, and
// every role a `veil start` on its own NATS user. A bot-versus-bot room and a human room play
// through its gateway; each NATS user is refused what it must not use; Ctrl-C stops it all.

const veilBin = fileURLToPath(new URL('../../services/cli/bin/veil.js', import.meta.url));
const repoRoot = fileURLToPath(new URL('../..', import.meta.url));
const passwords = { game: 'pw-game-topology', ai: 'pw-ai-topology', gateway: 'pw-gw-topology' };

describeWithServices('veil topology', () => {
  let dir: string;
  let topology: ManagedProcess | undefined;
  let gatewayUrl: string;
  let natsUrl: string;
  const conns: VeilConnection[] = [];
  const track = (c: VeilConnection) => (conns.push(c), c);

  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'veil-topology-'));
    // As root, Postgres runs as the postgres user, who must reach the directory.
    await chmod(dir, 0o755);
    const env: NodeJS.ProcessEnv = {
      ...process.env,
      VEIL_EXTRA_GAMES: '@veil/parlor',
      VEIL_AI_THINK_MS: '0',
      VEIL_AI_THINK_JITTER_MS: '0',
      VEIL_NATS_GAME_PASSWORD: passwords.game,
      VEIL_NATS_AI_PASSWORD: passwords.ai,
      VEIL_NATS_GATEWAY_PASSWORD: passwords.gateway,
    };
    // The harness' own servers are not the topology's.
    for (const name of ['DATABASE_URL', 'NATS_URL', 'VEIL_ROLE', 'PORT']) delete env[name];
    topology = await startProcess({
      name: 'veil topology',
      command: process.execPath,
      args: [
        ...[veilBin, 'topology', '--dir', dir],
        ...['--game-nodes', '2', '--ai-workers', '1', '--gateways', '1'],
        ...['--port', '0', '--pg-port', '0', '--nats-port', '0', '--nats-monitor-port', '0'],
        ...['--metrics-port', '0'],
      ],
      cwd: repoRoot,
      env,
      stopSignal: 'SIGINT', // Ctrl-C
    });
    await topology.waitForOutput(/topology: ready/, 240_000);
    const output = topology.output();
    gatewayUrl = output.match(/gateway-1 +(http:\/\/\S+)/)?.[1] ?? '';
    natsUrl = output.match(/nats +(nats:\/\/\S+)/)?.[1] ?? '';
  }, 300_000);

  afterAll(async () => {
    for (const c of conns) c.close();
    await topology?.stop(60_000);
    if (dir) await rm(dir, { recursive: true, force: true });
  }, 90_000);

  it('prints where each process listens, and each answers there', async () => {
    const output = topology?.output() ?? '';
    for (const name of ['postgres', 'nats', 'game-1', 'game-2', 'ai-1', 'gateway-1']) {
      expect(output).toMatch(new RegExp(`topology: ${name} `));
    }
    expect((await fetch(new URL('/healthz', gatewayUrl))).status).toBe(200);
    const metrics = [...output.matchAll(/metrics (http:\/\/\S+)/g)].map((m) => m[1] ?? '');
    expect(metrics).toHaveLength(3);
    for (const url of metrics) {
      const res = await fetch(url);
      expect(res.status, url).toBe(200);
      expect(await res.text()).toMatch(/^# HELP/m);
    }
  });

  it('plays a bot-versus-bot room to its end, watched by a spectator', async () => {
    const created = await createRoom(gatewayUrl, {
      game: 'parlor',
      seats: { p1: { type: 'bot', level: 'random' }, p2: { type: 'bot', level: 'greedy' } },
      options: { seed: 11, gameOptions: { turns: 2 } },
    });
    const spectator = track(await connectSpectator({ url: gatewayUrl, roomId: created.roomId }));
    const over = await spectator.waitForView((v) => parlorView(v).phase === 'over', 60_000);
    expect(over.version).toBeGreaterThan(2);
  }, 90_000);

  it('plays a room of two humans to its end, each on its own socket', async () => {
    const created = await createRoom(gatewayUrl, {
      game: 'parlor',
      seats: { p1: { type: 'human' }, p2: { type: 'human' } },
      options: { seed: 12, gameOptions: { turns: 2 } },
    });
    const token = (seat: string) => created.seats[seat]?.token ?? '';
    const seats = {
      p1: track(await connectSeat({ url: gatewayUrl, roomId: created.roomId, token: token('p1') })),
      p2: track(await connectSeat({ url: gatewayUrl, roomId: created.roomId, token: token('p2') })),
    };
    let version = 0;
    while (parlorView(seats.p1.view).phase !== 'over' && version < 60) {
      let played = await playFirstLegal(seats);
      // Faster than any person: past the gateway's per-socket burst the seat is told to slow
      // down (nothing was applied), and does.
      while (played?.ack.ok === false && played.ack.error.code === 'rate_limited') {
        await new Promise((resolve) => setTimeout(resolve, 200));
        played = await playFirstLegal(seats);
      }
      expect(played?.ack).toEqual({ ok: true, version: version + 1 });
      version += 1;
      await Promise.all(
        Object.values(seats).map((c) => c.waitForView((v) => v.version >= version)),
      );
    }
    expect(parlorView(seats.p2.view).phase).toBe('over');
  }, 90_000);

  it('refuses each NATS user every subject it must not use', async () => {
    const errors: BusError[] = [];
    const as = (user: keyof typeof passwords, inboxPrefix?: string) =>
      NatsBus.connect({
        servers: natsUrl,
        name: `topology-test-${user}`,
        user,
        pass: passwords[user],
        ...(inboxPrefix ? { inboxPrefix } : {}),
        onError: (error) => errors.push(error),
      });
    const denied = expect.objectContaining({ code: 'permission_denied' });
    await expect(NatsBus.connect({ servers: natsUrl, name: 'anonymous' })).rejects.toMatchObject({
      code: 'connection_failed',
    });
    const [ai, gateway, game] = await Promise.all([
      as('ai'),
      as('gateway', '_INBOX.gateway'),
      as('game', '_INBOX.game'),
    ]);
    try {
      // A worker cannot read views or commands.
      for (const subject of ['veil.room.*.view.>', 'veil.room.*.cmd', 'veil.room.>']) {
        await expect(ai.subscribe(subject, () => {})).rejects.toEqual(denied);
      }
      // A gateway cannot send AI requests, nor take a node's subjects.
      await expect(gateway.request('veil.ai.parlor.request', {})).rejects.toEqual(denied);
      for (const subject of ['veil.room.*.cmd', 'veil.ai.*.request', '_INBOX.game.>']) {
        await expect(gateway.subscribe(subject, () => {})).rejects.toEqual(denied);
      }
      // A node cannot pass for a gateway (or a worker).
      for (const subject of [
        'veil.room.r1.cmd',
        'veil.rooms.create',
        'veil.gateway.presence',
        'veil.ai.workers',
      ]) {
        await expect(game.request(subject, {})).rejects.toEqual(denied);
      }
    } finally {
      await Promise.all([ai, gateway, game].map((b) => b.close()));
    }
  });

  it('stops every process on Ctrl-C and exits 0', async () => {
    const exit = await topology?.stop(60_000);
    expect(exit, topology?.output()).toEqual({ code: 0, signal: null });
    expect(topology?.output()).toMatch(/topology: stopped/);
    topology = undefined;
  }, 90_000);
});
