import {
  connectSeat,
  connectSpectator,
  createRoom,
  getRoom,
  type VeilConnection,
} from '@veil/client';
import { startVeil, type Veil } from '@veil/cli';
import { PRODUCTION_GAMES } from '@veil/game-registry';
import { parlorGame } from '@veil/parlor';
import { allAtVersion, parlorView, playFirstLegal } from '@veil/gateway/testing';
import { afterAll, beforeAll, expect, it, vi } from 'vitest';
import { locateNatsServer } from '../support/binaries.js';
import {
  createTestDatabase,
  describeWithServices,
  freePort,
  services,
  startProcess,
  type ManagedProcess,
} from '../support/index.js';

// Two gateways and one game node, each with its own NATS connection, over real Postgres and a
// real nats-server: a socket on either gateway gets the views, because they travel through
// NATS, and a room whose node went away is placed on another one through `veil.rooms.place`.
//
// The nats-server is this file's own (plain core NATS on a free port): room creation and
// placement go to the `game-nodes` queue group, which must not reach other test files' nodes.

/** Presence crosses the bus in a turn or two; the generous bound is for a loaded CI machine. */
const PRESENCE_WAIT = { timeout: 10_000, interval: 50 };

function natsServer(): string {
  const located = locateNatsServer();
  if ('found' in located) return located.found;
  throw new Error(located.missing);
}

describeWithServices('gateways over real Postgres and NATS', () => {
  let nats: ManagedProcess;
  let natsUrl: string;
  let databaseUrl: string;
  const running: Veil[] = [];
  const sockets: VeilConnection[] = [];
  let gatewayA: Veil;
  let gatewayB: Veil;
  let node: Veil;

  const start = async (role: 'game' | 'gateway' | 'ai', nodeId?: string): Promise<Veil> => {
    const veil = await startVeil({
      role,
      port: 0,
      host: '127.0.0.1',
      databaseUrl,
      natsUrl,
      logLevel: 'silent',
      games: [...PRODUCTION_GAMES, parlorGame],
      ...(nodeId ? { nodeId } : {}),
      gateway: { rateLimit: { capacity: 10_000, refillPerSecond: 0 } },
    });
    running.push(veil);
    return veil;
  };

  const track = (conn: VeilConnection): VeilConnection => {
    sockets.push(conn);
    return conn;
  };

  beforeAll(async () => {
    databaseUrl = await createTestDatabase('gateway');
    const port = await freePort();
    nats = await startProcess({
      name: 'nats-server (gateway-nats.test)',
      command: natsServer(),
      args: ['-a', '127.0.0.1', '-p', String(port)],
    });
    await nats.waitForOutput(/Server is ready/);
    natsUrl = `nats://127.0.0.1:${port}`;
    services(); // the suite is skipped (or fails under CI) without Postgres
    node = await start('game', 'node-one');
    gatewayA = await start('gateway');
    gatewayB = await start('gateway');
    await start('ai');
  });

  afterAll(async () => {
    for (const conn of sockets) conn.close();
    for (const veil of running.reverse()) await veil.close();
    await nats?.stop();
  });

  it('serves one room to sockets on two gateways: views reach each through NATS', async () => {
    const urlA = gatewayA.url ?? '';
    const urlB = gatewayB.url ?? '';
    const created = await createRoom(urlA, {
      game: 'parlor',
      seats: { p1: { type: 'human' }, p2: { type: 'human' } },
      options: { seed: 21, gameOptions: { turns: 4 } },
    });
    const { roomId } = created;
    const seats = {
      p1: track(await connectSeat({ url: urlA, roomId, token: created.seats['p1']?.token ?? '' })),
      p2: track(await connectSeat({ url: urlB, roomId, token: created.seats['p2']?.token ?? '' })),
    };
    const spectatorA = track(await connectSpectator({ url: urlA, roomId }));
    const spectatorB = track(await connectSpectator({ url: urlB, roomId }));
    const everyone = [seats.p1, seats.p2, spectatorA, spectatorB];
    expect(everyone.map((c) => c.version)).toEqual([0, 0, 0, 0]);

    for (let version = 1; version <= 5; version += 1) {
      const played = await playFirstLegal(seats);
      expect(played?.ack).toEqual({ ok: true, version });
      await allAtVersion(everyone, version);
    }
    expect(seats.p1.view?.seat).toBe('p1');
    expect(seats.p2.view?.seat).toBe('p2');
    expect(parlorView(spectatorB.view).hand).toBeNull();
    // The spectators on both gateways see the same public view.
    expect(spectatorA.view).toEqual(spectatorB.view);
    expect((await getRoom(urlB, roomId)).version).toBe(5);

    // Each gateway's summary says both seats are connected, one socket being on the other
    // gateway (they tell each other over NATS, in the turn after a change).
    const connected = { type: 'human', connected: true };
    for (const url of [urlA, urlB]) {
      await vi.waitFor(
        async () =>
          expect((await getRoom(url, roomId)).seats).toEqual({ p1: connected, p2: connected }),
        PRESENCE_WAIT,
      );
    }

    // p1 moves to the other gateway with the same token and resumes at the current version.
    seats.p1.close();
    const p1OnB = track(
      await connectSeat({ url: urlB, roomId, token: created.seats['p1']?.token ?? '' }),
    );
    expect(p1OnB.view).toMatchObject({ roomId, seat: 'p1', version: 5 });

    // Then p2 leaves: gateway A, which holds no seat's socket of the room now, hears of it.
    seats.p2.close();
    await vi.waitFor(
      async () =>
        expect((await getRoom(urlA, roomId)).seats).toEqual({
          p1: connected,
          p2: { type: 'human', connected: false },
        }),
      PRESENCE_WAIT,
    );
  });

  it('plays a bot seat through an AI worker process role over NATS', async () => {
    const url = gatewayB.url ?? '';
    const created = await createRoom(url, {
      game: 'parlor',
      seats: { p1: { type: 'bot', level: 'random' }, p2: { type: 'human' } },
      options: { seed: 4, gameOptions: { turns: 2 } },
    });
    const p2 = track(
      await connectSeat({ url, roomId: created.roomId, token: created.seats['p2']?.token ?? '' }),
    );
    let acts = 0;
    while (parlorView(p2.view).phase !== 'over' && acts < 30) {
      const view = parlorView(p2.view);
      const action = view.legalActions?.[0];
      const before = p2.version ?? 0;
      if (view.deciders.includes('p2') && action) {
        expect(await p2.act(action)).toEqual({ ok: true, version: before + 1 });
        acts += 1;
      }
      await p2.waitForView((v) => v.version > before);
    }
    expect(parlorView(p2.view).phase).toBe('over');
    expect(p2.version).toBeGreaterThan(acts);
  });

  it('places a room on another node when its node has gone (veil.rooms.place)', async () => {
    const urlA = gatewayA.url ?? '';
    const created = await createRoom(urlA, {
      game: 'parlor',
      seats: { p1: { type: 'human' }, p2: { type: 'human' } },
      options: { seed: 8, gameOptions: { turns: 4 } },
    });
    const { roomId } = created;
    const seats = {
      p1: track(await connectSeat({ url: urlA, roomId, token: created.seats['p1']?.token ?? '' })),
      p2: track(
        await connectSeat({
          url: gatewayB.url ?? '',
          roomId,
          token: created.seats['p2']?.token ?? '',
        }),
      ),
    };
    expect((await playFirstLegal(seats))?.ack).toEqual({ ok: true, version: 1 });
    await allAtVersion(Object.values(seats), 1);

    // The node drains (releasing its leases); a fresh node takes the room on the next command.
    await node.close();
    const second = await start('game', 'node-two');
    expect(second.gameNode?.rooms()).toEqual([]);
    expect((await playFirstLegal(seats))?.ack).toEqual({ ok: true, version: 2 });
    await allAtVersion(Object.values(seats), 2);
    expect(second.gameNode?.rooms()).toContain(roomId);
  });
});
