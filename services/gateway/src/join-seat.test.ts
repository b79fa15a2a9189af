import {
  connectSeat,
  connectSpectator,
  createRoom,
  getRoom,
  joinSeat,
  listRooms,
  newSeatToken,
  type VeilConnection,
} from '@veil/client';
import { InProcessBroker } from '@veil/bus';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { startGateway, type Gateway } from './gateway.js';
import { refusalOf, startTestWorld, type TestWorld } from './test-world.js';

// Joining a seat the creator left open (docs/protocol.md, "Joining an open seat"), through the
// real gateway, node and store.

let world: TestWorld;
let second: Gateway;
const secondBus: ReturnType<InProcessBroker['connect']>[] = [];
const open: VeilConnection[] = [];

beforeAll(async () => {
  world = await startTestWorld();
  const bus = world.broker.connect();
  secondBus.push(bus);
  second = await startGateway({ bus, store: world.store, port: 0, host: '127.0.0.1' });
}, 120_000);

afterAll(async () => {
  for (const c of open) c.close();
  await second?.close();
  for (const bus of secondBus) await bus.close();
  await world?.close();
});

const OPEN_ROOM = {
  game: 'netrunner',
  seats: {
    corp: { type: 'human' as const },
    runner: { type: 'human' as const, open: true as const },
  },
};

async function connected(c: Promise<VeilConnection>): Promise<VeilConnection> {
  const connection = await c;
  open.push(connection);
  await connection.waitForView(() => true);
  return connection;
}

/** A raw POST to the join route, for bodies the client would never send. */
function post(roomId: string, seat: string, body: string, type = 'application/json') {
  return fetch(new URL(`/api/rooms/${roomId}/seats/${seat}`, world.url), {
    method: 'POST',
    headers: { 'content-type': type },
    body,
  });
}

describe('an open seat', () => {
  it('is listed as open, taken by the first to join, and then refused to the next', async () => {
    const created = await createRoom(world.url, OPEN_ROOM);
    const { roomId } = created;
    // No token is handed out for it, and nothing is stored as its hash.
    expect(Object.keys(created.seats)).toEqual(['corp']);
    expect((await world.store.load(roomId))?.room.seats['runner']).toEqual({
      kind: 'human',
      tokenHash: null,
    });
    const listed = (await listRooms(world.url)).find((room) => room.roomId === roomId);
    expect(listed?.seats['runner']).toEqual({ type: 'human', connected: false, open: true });
    expect(listed?.seats['corp']).toEqual({ type: 'human', connected: false });

    // Nobody can connect to it before it is joined: an open seat has no token to match.
    const early = newSeatToken();
    await expect(connectSeat({ url: world.url, roomId, token: early })).rejects.toThrow();

    const token = newSeatToken();
    await joinSeat(world.url, roomId, 'runner', token);
    expect((await getRoom(world.url, roomId)).seats['runner']).toEqual({
      type: 'human',
      connected: false,
    });
    const runner = await connected(connectSeat({ url: world.url, roomId, token }));
    expect(runner.seat).toBe('runner');

    // A second claim, even with the same token, changes nothing.
    const stored = (await world.store.load(roomId))?.room.seats;
    for (const again of [newSeatToken(), token]) {
      expect(await refusalOf(joinSeat(world.url, roomId, 'runner', again))).toEqual([
        'seat_taken',
        409,
      ]);
    }
    expect(await refusalOf(joinSeat(world.url, roomId, 'corp', newSeatToken()))).toEqual([
      'seat_taken',
      409,
    ]);
    expect((await world.store.load(roomId))?.room.seats).toEqual(stored);
  });

  it('of two players joining at once goes to one, and the other is told it is taken', async () => {
    const { roomId } = await createRoom(world.url, OPEN_ROOM);
    const tokens = [newSeatToken(), newSeatToken()];
    const results = await Promise.allSettled(
      tokens.map((token, i) => joinSeat(i === 0 ? world.url : second.url, roomId, 'runner', token)),
    );
    expect(results.map((r) => r.status).sort()).toEqual(['fulfilled', 'rejected']);
    const lost = results.find((r) => r.status === 'rejected');
    expect((lost as PromiseRejectedResult).reason).toMatchObject({ code: 'seat_taken' });
    const winner = tokens[results.findIndex((r) => r.status === 'fulfilled')] ?? '';
    // The winner's token opens the seat on either gateway.
    for (const url of [world.url, second.url]) {
      const c = await connected(connectSeat({ url, roomId, token: winner }));
      expect(c.seat).toBe('runner');
    }
  });

  it('joined through one gateway opens on another that had cached the room before', async () => {
    const { roomId } = await createRoom(world.url, OPEN_ROOM);
    // The second gateway reads the room (and caches its seats) while the seat is still open.
    await connected(connectSpectator({ url: second.url, roomId }));
    const token = newSeatToken();
    await joinSeat(world.url, roomId, 'runner', token);
    const runner = await connected(connectSeat({ url: second.url, roomId, token }));
    expect(runner.seat).toBe('runner');
  });

  it('of a private room is not listed, and is joined by its link', async () => {
    const { roomId } = await createRoom(world.url, { ...OPEN_ROOM, options: { private: true } });
    expect((await listRooms(world.url)).map((room) => room.roomId)).not.toContain(roomId);
    expect((await getRoom(world.url, roomId)).seats['runner']).toMatchObject({ open: true });
    const token = newSeatToken();
    await joinSeat(world.url, roomId, 'runner', token);
    const runner = await connected(connectSeat({ url: world.url, roomId, token }));
    expect(runner.seat).toBe('runner');
  });

  it('refuses malformed requests with 400 and unknown rooms with 404, changing nothing', async () => {
    const { roomId } = await createRoom(world.url, {
      ...OPEN_ROOM,
      seats: { ...OPEN_ROOM.seats, corp: { type: 'bot', level: 'random' } },
    });
    const before = (await world.store.load(roomId))?.room.seats;
    const token = newSeatToken();
    const refusals: [string, Promise<Response>, number][] = [
      ['no token', post(roomId, 'runner', '{}'), 400],
      ['a short token', post(roomId, 'runner', JSON.stringify({ token: 'abc' })), 400],
      [
        'a token with a space',
        post(roomId, 'runner', JSON.stringify({ token: `${token} x` })),
        400,
      ],
      ['an unknown field', post(roomId, 'runner', JSON.stringify({ token, seat: 'corp' })), 400],
      ['malformed JSON', post(roomId, 'runner', '{"token":'), 400],
      [
        'another content type',
        post(roomId, 'runner', JSON.stringify({ token }), 'text/plain'),
        400,
      ],
      ['a bot seat', post(roomId, 'corp', JSON.stringify({ token })), 400],
      ['no such seat', post(roomId, 'shaper', JSON.stringify({ token })), 400],
      ['a seat name with a dot', post(roomId, 'run.ner', JSON.stringify({ token })), 400],
      ['no such room', post('no-such-room', 'runner', JSON.stringify({ token })), 404],
    ];
    for (const [name, response, status] of refusals) {
      const answer = await response;
      expect([name, answer.status]).toEqual([name, status]);
      const body = (await answer.json()) as { error: { code: string } };
      expect(body.error.code).toBe(status === 404 ? 'room_not_found' : 'bad_request');
    }
    const get = await fetch(new URL(`/api/rooms/${roomId}/seats/runner`, world.url));
    expect(get.status).toBe(405);
    expect((await world.store.load(roomId))?.room.seats).toEqual(before);
    expect((await getRoom(world.url, roomId)).seats['runner']).toMatchObject({ open: true });
  });
});

describe('the room summary', () => {
  it('counts the spectators watching on this gateway', async () => {
    const { roomId } = await createRoom(world.url, OPEN_ROOM);
    expect((await getRoom(world.url, roomId)).watching).toBe(0);
    const a = await connected(connectSpectator({ url: world.url, roomId }));
    await connected(connectSpectator({ url: world.url, roomId }));
    expect((await getRoom(world.url, roomId)).watching).toBe(2);
    a.close();
    await vi.waitFor(async () => expect((await getRoom(world.url, roomId)).watching).toBe(1));
  });
});
