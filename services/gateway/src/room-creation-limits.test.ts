import { request as httpRequest } from 'node:http';
import type { Bus } from '@veil/bus';
import { connectSeat, createRoom, newSeatToken } from '@veil/client';
import type { AnyGameModule } from '@veil/engine';
import { netrunner } from '@veil/netrunner';
import { MAX_PARLOR_TURNS, parlorGame } from '@veil/parlor';
import { protocolError, type CreateRoomRequestInput } from '@veil/protocol';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startGateway, type Gateway } from './gateway.js';
import { startTestWorld, type TestWorld } from './test-world.js';

// Bounded input at the lobby (docs/protocol.md, "Limits"): what a room request may hold, how it
// must be sent, and how often one client may send it. A refused request leaves no room behind.

let world: TestWorld;

beforeAll(async () => {
  world = await startTestWorld({
    games: [netrunner as unknown as AnyGameModule, parlorGame],
  });
}, 120_000);

/** Gateways of their own on the world, each with its bus, closed before the world. */
const ownGateways: { gateway: Gateway; bus: Bus }[] = [];

afterAll(async () => {
  for (const { gateway, bus } of ownGateways.splice(0)) {
    await gateway.close();
    await bus.close();
  }
  await world?.close();
}, 60_000);

/** A gateway taking `capacity` rooms per client (none refilled), behind `trustedProxies` proxies. */
async function limitedGateway(capacity: number, trustedProxies = 0): Promise<Gateway> {
  const bus = world.broker.connect();
  const gateway = await startGateway({
    bus,
    store: world.store,
    port: 0,
    host: '127.0.0.1',
    roomCreationLimit: { capacity, refillPerSecond: 0 },
    trustedProxies,
  });
  ownGateways.push({ gateway, bus });
  return gateway;
}

function rawHttp(
  method: string,
  path: string,
  options: { body?: string; contentType?: string; base?: string; forwardedFor?: string } = {},
): Promise<{ status: number; json: unknown }> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(new URL(path, options.base ?? world.url), { method }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => {
        const text = Buffer.concat(chunks).toString('utf8');
        resolve({ status: res.statusCode ?? 0, json: text ? JSON.parse(text) : null });
      });
    });
    req.on('error', reject);
    if (options.contentType !== undefined) req.setHeader('content-type', options.contentType);
    if (options.forwardedFor !== undefined) req.setHeader('x-forwarded-for', options.forwardedFor);
    req.end(options.body);
  });
}

const BAD_REQUEST = { status: 400, json: { error: protocolError('bad_request') } };

const PARLOR: CreateRoomRequestInput = {
  game: 'parlor',
  seats: { p1: { type: 'human' }, p2: { type: 'human' } },
};

function netrunnerWith(gameOptions: Record<string, unknown>): CreateRoomRequestInput {
  return {
    game: 'netrunner',
    seats: { corp: { type: 'human' }, runner: { type: 'human' } },
    options: { gameOptions: gameOptions as never },
  };
}

async function roomCount(): Promise<number> {
  return (await world.store.listRooms({ limit: 500 })).length;
}

/** POSTs a room request as JSON; the status and body of the answer. */
function post(request: unknown) {
  return rawHttp('POST', '/api/rooms', {
    body: JSON.stringify(request),
    contentType: 'application/json',
  });
}

describe('request bodies', () => {
  it('are JSON only: another content type is refused before it is read', async () => {
    const body = JSON.stringify(PARLOR);
    expect(await rawHttp('POST', '/api/rooms', { body })).toEqual(BAD_REQUEST);
    expect(await rawHttp('POST', '/api/rooms', { body, contentType: 'text/plain' })).toEqual(
      BAD_REQUEST,
    );
    expect(
      await rawHttp('POST', '/api/rooms', {
        body,
        contentType: 'application/x-www-form-urlencoded',
      }),
    ).toEqual(BAD_REQUEST);
    expect(
      await rawHttp('POST', '/api/rooms', {
        body,
        contentType: 'application/json; charset=latin1',
      }),
    ).toEqual(BAD_REQUEST);
    for (const contentType of ['application/json', 'application/json; charset=utf-8']) {
      expect((await rawHttp('POST', '/api/rooms', { body, contentType })).status).toBe(201);
    }
  });
});

describe('path segments', () => {
  it('with a malformed %-escape are a 400, not a server error', async () => {
    const errorsBefore = world.logLines.filter((l) => l.includes('"level":"error"')).length;
    for (const path of ['/api/rooms/%E0%A4%A', '/api/rooms/%', '/api/rooms/a%ZZ']) {
      expect(await rawHttp('GET', path)).toEqual(BAD_REQUEST);
    }
    expect(world.logLines.filter((l) => l.includes('"level":"error"'))).toHaveLength(errorsBefore);
  });
});

describe('room options', () => {
  it('are refused with 400 before a room exists', async () => {
    const before = await roomCount();
    const refused: unknown[] = [
      // The deck that ran the server out of memory, and one that froze it.
      netrunnerWith({ corpDeck: { identity: '30077', cards: [{ code: '30069', count: 1e9 }] } }),
      netrunnerWith({ corpDeck: { identity: '30077', cards: [{ code: '30069', count: 30_000 }] } }),
      netrunnerWith({ agendaPointsToWin: 0 }),
      netrunnerWith({ agendaPointsToWin: 21 }),
      netrunnerWith({ agendaPointsToWin: 6.5 }),
      netrunnerWith({ agendaPointsToWin: 7, handicap: true }),
      netrunnerWith({ corpDeck: 'no-such-deck' }),
      // 45 copies of Hedge Fund (a deck may hold 3), with the identity it would need.
      netrunnerWith({ corpDeck: { identity: '30077', cards: [{ code: '30075', count: 45 }] } }),
      // The name the lobby API once documented for decks.
      { ...netrunnerWith({}), options: { decks: { corp: 'sg-tutorial-syndicate' } } },
      { ...PARLOR, options: { gameOptions: { turns: MAX_PARLOR_TURNS + 1 } } },
      { ...PARLOR, options: { gameOptions: { turns: 4, speed: 'fast' } } },
      { ...PARLOR, options: { spectatorDelayTurns: 11 } },
      { ...PARLOR, options: { public: true } },
      // Time controls: base 1 min to 3 h, increment 0 to 120 s, a loss or a pass on flag-fall.
      { ...PARLOR, options: { timeControl: { baseSeconds: 59 } } },
      { ...PARLOR, options: { timeControl: { baseSeconds: 10_801 } } },
      { ...PARLOR, options: { timeControl: { baseSeconds: 600, incrementSeconds: 121 } } },
      { ...PARLOR, options: { timeControl: { baseSeconds: 600, incrementSeconds: -1 } } },
      { ...PARLOR, options: { timeControl: { baseSeconds: 90.5 } } },
      { ...PARLOR, options: { timeControl: { baseSeconds: 600, onFlag: 'draw' } } },
      { ...PARLOR, options: { timeControl: { baseSeconds: 600, delaySeconds: 5 } } },
    ];
    for (const request of refused) {
      expect(await post(request), JSON.stringify(request)).toEqual(BAD_REQUEST);
    }
    expect(await roomCount()).toBe(before);
  });

  it('at their limits are taken', async () => {
    for (const request of [
      netrunnerWith({ agendaPointsToWin: 20 }),
      netrunnerWith({ agendaPointsToWin: 1 }),
      { ...PARLOR, options: { gameOptions: { turns: MAX_PARLOR_TURNS } } },
      { ...PARLOR, options: { spectatorDelayTurns: 10 } },
      { ...PARLOR, options: { timeControl: { baseSeconds: 60 } } },
      {
        ...PARLOR,
        options: { timeControl: { baseSeconds: 10_800, incrementSeconds: 120, onFlag: 'pass' } },
      },
    ]) {
      expect((await post(request)).status, JSON.stringify(request)).toBe(201);
    }
  });
});

describe('room creation', () => {
  let limited: Gateway;

  beforeAll(async () => {
    limited = await limitedGateway(3);
  });

  it('is rate-limited per client: the burst is taken, the next one is refused', async () => {
    for (let i = 0; i < 3; i += 1) {
      await expect(createRoom(limited.url, PARLOR)).resolves.toHaveProperty('roomId');
    }
    const before = await roomCount();
    expect(
      await rawHttp('POST', '/api/rooms', {
        base: limited.url,
        body: JSON.stringify(PARLOR),
        contentType: 'application/json',
      }),
    ).toEqual({ status: 429, json: { error: protocolError('rate_limited') } });
    expect(await roomCount()).toBe(before);
    // Reading the lobby is not creating a room.
    expect((await rawHttp('GET', '/api/rooms', { base: limited.url })).status).toBe(200);
  });
});

describe('a rematch offer', () => {
  let gateway: Gateway;

  beforeAll(async () => {
    gateway = await limitedGateway(2);
  });

  it('takes from the room-creation allowance: past it, refused and no room made', async () => {
    // Against a bot, which accepts at once: each offer would make a room.
    const created = await createRoom(gateway.url, {
      game: 'parlor',
      seats: { p1: { type: 'human' }, p2: { type: 'bot', level: 'random' } },
    });
    const p1 = await connectSeat({
      url: gateway.url,
      roomId: created.roomId,
      token: created.seats['p1']?.token ?? '',
    });
    try {
      expect((await p1.concede()).ok).toBe(true);
      // The second of the two allowed: the rematch room is made.
      expect(await p1.rematch(newSeatToken())).toMatchObject({ ok: true });
      await p1.waitForChat((l) => l.kind === 'system' && l.event === 'rematch');
      const before = await roomCount();
      expect(await p1.rematch(newSeatToken())).toEqual({
        ok: false,
        error: protocolError('rate_limited'),
      });
      expect(await roomCount()).toBe(before);
    } finally {
      p1.close();
    }
  });
});

describe('room creation behind a proxy', () => {
  /** A gateway taking one room per client, behind `trustedProxies` proxies. */
  const gatewayBehind = (trustedProxies: number) => limitedGateway(1, trustedProxies);

  const statusFrom = async (gateway: Gateway, forwardedFor?: string) =>
    (
      await rawHttp('POST', '/api/rooms', {
        base: gateway.url,
        body: JSON.stringify(PARLOR),
        contentType: 'application/json',
        ...(forwardedFor === undefined ? {} : { forwardedFor }),
      })
    ).status;

  it('counts each client by the address its trusted proxy appended, not what the client wrote', async () => {
    const gateway = await gatewayBehind(1);
    expect(await statusFrom(gateway, '203.0.113.9')).toBe(201);
    expect(await statusFrom(gateway, '198.51.100.7')).toBe(201);
    // The same client again, with an address of its own choosing in front: still that client.
    expect(await statusFrom(gateway, '192.0.2.1, 203.0.113.9')).toBe(429);
    // Not through the proxy (no usable entry): the connecting address, counted once.
    expect(await statusFrom(gateway, 'unknown')).toBe(201);
    expect(await statusFrom(gateway)).toBe(429);
  });

  it('ignores X-Forwarded-For without a trusted proxy: one connecting address is one client', async () => {
    const gateway = await gatewayBehind(0);
    expect(await statusFrom(gateway, '203.0.113.9')).toBe(201);
    expect(await statusFrom(gateway, '198.51.100.7')).toBe(429);
  });
});
