import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { NatsBus, type Bus, type BusError, type NatsBusOptions } from '@veil/bus';
import { describeBusContract, MessageCollector } from '@veil/bus/testing';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { locateNatsServer } from '../support/binaries.js';
import {
  describeWithServices,
  freePort,
  services,
  startProcess,
  waitForReady,
  type ManagedProcess,
} from '../support/index.js';

// The Bus contract against a real nats-server (the one test/support provides), plus what only
// a server of our own can show: reconnection, and the subject permissions of infra/nats.

const natsConfig = fileURLToPath(new URL('../../infra/nats/nats.conf', import.meta.url));

function busError(code: BusError['code']) {
  return expect.objectContaining({ name: 'BusError', code });
}

describeWithServices('NatsBus on the shared nats-server', () => {
  describeBusContract('NatsBus', async ({ onError }) => {
    const { natsUrl } = services();
    const a = await NatsBus.connect({ servers: natsUrl, name: 'veil-bus-contract-a', onError });
    const b = await NatsBus.connect({ servers: natsUrl, name: 'veil-bus-contract-b', onError });
    return {
      a,
      b,
      cleanup: async () => {
        await Promise.all([a.close(), b.close()]);
      },
    };
  });
});

/** A nats-server of this file's own, on free ports, stopped after the suite. */
interface OwnServer {
  readonly url: string;
  readonly monitorUrl: string;
  readonly process: ManagedProcess;
  stop(): Promise<void>;
}

/** Runs nats-server with `config` (else plain core NATS) on free ports of 127.0.0.1. */
async function startOwnServer(
  nats: string,
  { config, env = {}, port }: { config?: string; env?: NodeJS.ProcessEnv; port?: number } = {},
): Promise<OwnServer> {
  const clientPort = port ?? (await freePort());
  const monitorPort = await freePort();
  const storeDir = await mkdtemp(join(tmpdir(), 'veil-bus-nats-'));
  const child = await startProcess({
    name: 'nats-server (bus-nats.test)',
    command: nats,
    args: [
      ...(config ? ['-c', config] : []),
      ...['-a', '127.0.0.1', '-p', String(clientPort), '-m', String(monitorPort)],
    ],
    env: { ...process.env, VEIL_NATS_STORE_DIR: storeDir, ...env },
  });
  await child.waitForOutput(/Server is ready/);
  return {
    url: `nats://127.0.0.1:${clientPort}`,
    monitorUrl: `http://127.0.0.1:${monitorPort}`,
    process: child,
    stop: async () => {
      await child.stop();
      await rm(storeDir, { recursive: true, force: true });
    },
  };
}

/** The nats-server binary, or why these suites cannot run (a failure under CI). */
function natsServerOrSkip(): { nats: string } | { skip: string } {
  const located = locateNatsServer();
  if ('found' in located) return { nats: located.found };
  if (process.env['VEIL_REQUIRE_SERVICES'] === '1') {
    throw new Error(`VEIL_REQUIRE_SERVICES=1 but ${located.missing}`);
  }
  console.error(`[bus-nats.test] SKIPPING the own-server suites: ${located.missing}`);
  return { skip: located.missing };
}

const binary = natsServerOrSkip();
const nats = 'nats' in binary ? binary.nats : '';
const describeOwnServer = 'skip' in binary ? describe.skip : describe;

describeOwnServer('NatsBus against a server it does not own', () => {
  const buses: Bus[] = [];
  const connect = async (options: NatsBusOptions): Promise<NatsBus> => {
    const bus = await NatsBus.connect(options);
    buses.push(bus);
    return bus;
  };

  afterEach(async () => {
    await Promise.all(buses.splice(0).map((bus) => bus.close()));
  });

  it('fails with connection_failed when no server listens, without echoing credentials', async () => {
    const port = await freePort();

    const failure = await NatsBus.connect({
      servers: `nats://game:hunter2@127.0.0.1:${port}`,
      name: 'veil-bus-nobody',
    }).catch((error: unknown) => error);

    expect(failure).toEqual(busError('connection_failed'));
    expect((failure as Error).message).toContain(`127.0.0.1:${port}`);
    expect((failure as Error).message).not.toContain('hunter2');
  });

  it('drops a subscription the connection lost before the server confirmed it: back, it gets nothing', async () => {
    let server = await startOwnServer(nats);
    const port = Number(new URL(server.url).port);
    try {
      const options = { servers: server.url, reconnectTimeWaitMs: 50, onError: () => {} };
      const bus = await connect({ ...options, name: 'veil-bus-lost-sub' });
      const peer = await connect({ ...options, name: 'veil-bus-lost-sub-peer' });
      // The server hangs, so the subscription's confirmation never comes; then it dies.
      process.kill(server.process.pid, 'SIGSTOP');
      const received: unknown[] = [];
      const pending = bus.subscribe('veil.lost', ({ data }) => void received.push(data));
      const refused = pending.then(
        () => 'established',
        () => 'refused',
      );
      process.kill(server.process.pid, 'SIGKILL');
      await server.stop();
      expect(await refused).toBe('refused');
      server = await startOwnServer(nats, { port });

      await waitForReady('the bus back', () => bus.flush(), { timeoutMs: 60_000 });
      await bus.subscribe('veil.sentinel', ({ respond }) => respond?.('here'));
      await waitForReady(
        'the peer back',
        async () => {
          expect(await peer.request('veil.sentinel', null, { timeoutMs: 500 })).toBe('here');
        },
        { timeoutMs: 60_000 },
      );
      // Published before the request, so delivered first had the subscription come back.
      peer.publish('veil.lost', 'lost');
      expect(await peer.request('veil.sentinel', null)).toBe('here');
      expect(received).toEqual([]);
    } finally {
      await server.stop();
    }
  });

  it('reconnects and resubscribes after the server restarts', async () => {
    let server = await startOwnServer(nats);
    const port = Number(new URL(server.url).port);
    try {
      const options = { servers: server.url, reconnectTimeWaitMs: 50, onError: () => {} };
      const responder = await connect({ ...options, name: 'veil-bus-reconnect-responder' });
      const requester = await connect({ ...options, name: 'veil-bus-reconnect-requester' });
      await responder.subscribe('veil.reconnect', ({ respond }) => respond?.('still here'));
      await expect(requester.request('veil.reconnect', null)).resolves.toBe('still here');

      await server.stop();
      server = await startOwnServer(nats, { port });

      // Both clients come back on their own; until they have, requests fail and are retried.
      await waitForReady(
        'request after restart',
        async () => {
          expect(await requester.request('veil.reconnect', null, { timeoutMs: 500 })).toBe(
            'still here',
          );
        },
        { timeoutMs: 60_000 },
      );
    } finally {
      await server.stop();
    }
  });
});

describeOwnServer('infra/nats/nats.conf', () => {
  const passwords = {
    game: `game-${randomUUID()}`,
    ai: `ai-${randomUUID()}`,
    gateway: `gateway-${randomUUID()}`,
  };
  type User = keyof typeof passwords;
  const inboxPrefixes: Record<User, string | undefined> = {
    game: '_INBOX.game',
    ai: undefined,
    gateway: '_INBOX.gateway',
  };
  let server: OwnServer;
  const buses: Bus[] = [];
  const errors: Record<User, BusError[]> = { game: [], ai: [], gateway: [] };

  const connectAs = async (user: User, overrides: Partial<NatsBusOptions> = {}) => {
    const bus = await NatsBus.connect({
      servers: server.url,
      name: `veil-${user}-conf-test`,
      user,
      pass: passwords[user],
      inboxPrefix: inboxPrefixes[user],
      onError: (error) => errors[user].push(error),
      ...overrides,
    });
    buses.push(bus);
    return bus;
  };

  beforeAll(async () => {
    server = await startOwnServer(nats, {
      config: natsConfig,
      env: {
        VEIL_NATS_GAME_PASSWORD: passwords.game,
        VEIL_NATS_AI_PASSWORD: passwords.ai,
        VEIL_NATS_GATEWAY_PASSWORD: passwords.gateway,
      },
    });
  });

  afterEach(async () => {
    await Promise.all(buses.splice(0).map((bus) => bus.close()));
    for (const list of Object.values(errors)) list.length = 0;
  });

  afterAll(async () => {
    await server?.stop();
  });

  it('refuses anonymous clients and wrong passwords', async () => {
    await expect(NatsBus.connect({ servers: server.url, name: 'anonymous' })).rejects.toEqual(
      busError('connection_failed'),
    );
    await expect(connectAs('game', { pass: 'wrong' })).rejects.toEqual(
      busError('connection_failed'),
    );
  });

  it('limits payloads to 1 MiB and runs JetStream in the given store dir', async () => {
    const game = await connectAs('game');
    expect(game.maxPayloadBytes).toBe(1_048_576);

    const varz = (await (await fetch(`${server.monitorUrl}/varz`)).json()) as {
      jetstream?: { config?: { store_dir?: string } };
    };
    expect(varz.jetstream?.config?.store_dir).toMatch(/veil-bus-nats-.*jetstream$/);
  });

  it('names each connection, as the monitoring endpoint shows', async () => {
    await connectAs('game');
    await connectAs('gateway');

    const connz = (await (await fetch(`${server.monitorUrl}/connz?auth=true`)).json()) as {
      connections: { name?: string; authorized_user?: string }[];
    };
    expect(connz.connections).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ name: 'veil-game-conf-test', authorized_user: 'game' }),
        expect.objectContaining({ name: 'veil-gateway-conf-test', authorized_user: 'gateway' }),
      ]),
    );
  });

  it('lets a game node ask the AI workers’ queue group and get the answer', async () => {
    const game = await connectAs('game');
    const ai = await connectAs('ai');
    await ai.subscribe(
      'veil.ai.*.request',
      ({ data, respond }) => respond?.({ action: 'pass', for: data }),
      { queue: 'ai-workers' },
    );

    await expect(game.request('veil.ai.netrunner.request', { seat: 'corp' })).resolves.toEqual({
      action: 'pass',
      for: { seat: 'corp' },
    });
    expect(errors.game).toEqual([]);
    expect(errors.ai).toEqual([]);
  });

  it('lets a gateway send commands and placements to game nodes and receive views', async () => {
    const game = await connectAs('game');
    const gateway = await connectAs('gateway');
    const views = new MessageCollector();
    await game.subscribe('veil.room.r1.cmd', ({ data, respond }) => respond?.({ ok: true, data }));
    await game.subscribe('veil.rooms.place', ({ respond }) => respond?.({ node: 'game-1' }), {
      queue: 'game-nodes',
    });
    await gateway.subscribe('veil.room.*.view.>', views.handler);

    await expect(gateway.request('veil.room.r1.cmd', { act: 'draw' })).resolves.toEqual({
      ok: true,
      data: { act: 'draw' },
    });
    await expect(gateway.request('veil.rooms.place', { roomId: 'r1' })).resolves.toEqual({
      node: 'game-1',
    });
    game.publish('veil.room.r1.view.corp', { version: 3 });
    await views.waitFor(1);
    expect(views.messages[0]).toMatchObject({
      subject: 'veil.room.r1.view.corp',
      data: { version: 3 },
    });
    expect(errors.game).toEqual([]);
    expect(errors.gateway).toEqual([]);
  });

  it('lets AI workers tell gateways what they serve, when a gateway asks', async () => {
    const gateway = await connectAs('gateway');
    const ai = await connectAs('ai');
    const heard = new MessageCollector();
    const asked = new MessageCollector();
    await gateway.subscribe('veil.ai.workers', heard.handler);
    await ai.subscribe('veil.ai.workers.hello', asked.handler);
    // A worker may not read other workers' requests outside the queue group, nor ask anything.
    await expect(ai.subscribe('veil.ai.workers.>', () => {})).rejects.toEqual(
      busError('permission_denied'),
    );

    gateway.publish('veil.ai.workers.hello', { kind: 'hello' });
    await asked.waitFor(1);
    ai.publish('veil.ai.workers', { kind: 'bye', worker: 'ai-1' });
    await heard.waitFor(1);
    expect(heard.data).toEqual([{ kind: 'bye', worker: 'ai-1' }]);
    expect(errors.ai).toEqual([]);
    expect(errors.gateway).toEqual([]);
  });

  it('lets gateways tell each other their seats, and no other user forge or read that', async () => {
    const gatewayA = await connectAs('gateway');
    const gatewayB = await connectAs('gateway');
    const game = await connectAs('game');
    const ai = await connectAs('ai');
    const heard = new MessageCollector();
    await gatewayA.subscribe('veil.gateway.presence', heard.handler);
    for (const user of [game, ai]) {
      await expect(user.subscribe('veil.gateway.presence', () => {})).rejects.toEqual(
        busError('permission_denied'),
      );
    }

    game.publish('veil.gateway.presence', { kind: 'bye', gateway: 'forged' });
    await game.flush();
    expect(errors.game).toEqual([busError('permission_denied')]);

    // Had the server routed the forged message, it would reach gateway A before this one.
    gatewayB.publish('veil.gateway.presence', { kind: 'hello', gateway: 'gw-b' });
    await heard.waitFor(1);
    expect(heard.data).toEqual([{ kind: 'hello', gateway: 'gw-b' }]);
    expect(errors.gateway).toEqual([]);
  });

  it('does not let the ai user subscribe to views, or to requests outside its queue group', async () => {
    const ai = await connectAs('ai');

    for (const subject of ['veil.room.x.view.corp', 'veil.room.>', 'veil.room.x.cmd']) {
      await expect(ai.subscribe(subject, () => {})).rejects.toEqual(busError('permission_denied'));
    }
    await expect(ai.subscribe('veil.ai.netrunner.request', () => {})).rejects.toEqual(
      busError('permission_denied'),
    );
    await expect(
      ai.subscribe('veil.ai.netrunner.request', () => {}, { queue: 'eavesdroppers' }),
    ).rejects.toEqual(busError('permission_denied'));
  });

  it('does not let the ai user publish anything but replies', async () => {
    const ai = await connectAs('ai');
    const game = await connectAs('game');
    const gateway = await connectAs('gateway');
    const views = new MessageCollector();
    await gateway.subscribe('veil.room.*.view.>', views.handler);

    ai.publish('veil.room.x.view.corp', { forged: true });
    await ai.flush();
    expect(errors.ai).toEqual([busError('permission_denied')]);

    // Had the server routed the forged view, it would reach the gateway before this one.
    game.publish('veil.room.x.view.corp', { genuine: true });
    await views.waitFor(1);
    expect(views.data).toEqual([{ genuine: true }]);
  });

  it('does not let the gateway publish AI requests', async () => {
    const gateway = await connectAs('gateway');
    const ai = await connectAs('ai');
    const game = await connectAs('game');
    const aiRequests = new MessageCollector();
    await ai.subscribe(
      'veil.ai.*.request',
      (message) => {
        aiRequests.handler(message);
        message.respond?.('ok');
      },
      { queue: 'ai-workers' },
    );

    await expect(gateway.request('veil.ai.netrunner.request', { from: 'gateway' })).rejects.toEqual(
      busError('permission_denied'),
    );
    gateway.publish('veil.ai.netrunner.request', { from: 'gateway' });
    await gateway.flush();
    expect(errors.gateway).toContainEqual(busError('permission_denied'));

    // The worker has seen nothing from the gateway when the game's request reaches it.
    await expect(game.request('veil.ai.netrunner.request', { from: 'game' })).resolves.toBe('ok');
    expect(aiRequests.data).toEqual([{ from: 'game' }]);
  });

  it('does not let the gateway take commands or read other services’ replies', async () => {
    const gateway = await connectAs('gateway');

    for (const subject of ['veil.room.r1.cmd', 'veil.rooms.place', '_INBOX.game.>', 'veil.ai.>']) {
      await expect(gateway.subscribe(subject, () => {})).rejects.toEqual(
        busError('permission_denied'),
      );
    }
  });

  it('does not let a game node pass for a gateway or an AI worker', async () => {
    const game = await connectAs('game');
    const gateway = await connectAs('gateway');
    const forged = [
      'veil.room.r1.cmd',
      'veil.rooms.create',
      'veil.rooms.place',
      'veil.gateway.presence',
      'veil.ai.workers',
      'veil.ai.workers.hello',
    ];
    for (const subject of forged) {
      await expect(game.request(subject, { from: 'game' })).rejects.toEqual(
        busError('permission_denied'),
      );
    }
    // Its own traffic still flows: a view reaches the gateway.
    const views = new MessageCollector();
    await gateway.subscribe('veil.room.*.view.>', views.handler);
    game.publish('veil.room.r1.view.p1', { genuine: true });
    await views.waitFor(1);
    expect(views.data).toEqual([{ genuine: true }]);
  });

  it('makes requests fail with permission_denied when a service keeps the default inbox', async () => {
    const game = await connectAs('game', { inboxPrefix: undefined });
    const ai = await connectAs('ai');
    await ai.subscribe('veil.ai.*.request', ({ respond }) => respond?.('ok'), {
      queue: 'ai-workers',
    });

    await expect(game.request('veil.ai.netrunner.request', null)).rejects.toEqual(
      busError('permission_denied'),
    );
  });
});
