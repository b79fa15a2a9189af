import { request as httpRequest } from 'node:http';
import { startAiWorker, type AiWorker } from '@veil/ai-worker';
import { InProcessBroker, type Bus } from '@veil/bus';
import {
  connectSeat,
  connectSpectator,
  createRoom,
  getRoom,
  listRooms,
  VeilError,
  type VeilConnection,
} from '@veil/client';
import { restoreGame } from '@veil/engine';
import { startGameNode, type GameNode } from '@veil/game';
import { parlor, parlorGame } from '@veil/parlor';
import {
  ERROR_MESSAGES,
  MAX_ACTION_BYTES,
  protocolError,
  type CreateRoomRequestInput,
  type ProtocolError,
} from '@veil/protocol';
import { openPgliteRoomStore, type RoomStore } from '@veil/store';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { startGateway, type Gateway, type GatewayOptions } from './gateway.js';
import { allAtVersion, parlorView, playFirstLegal } from './testing.js';
import { hashSeatToken } from './tokens.js';

// The gateway end to end in one process: the in-process bus, an in-memory PGlite store, a real
// game node running Parlor (the engine's fixture game), an AI worker, and the SDK as client.

/** Presence crosses the bus in a turn or two; the generous bound is for a loaded CI machine. */
const PRESENCE_WAIT = { timeout: 10_000, interval: 50 };

interface World {
  broker: InProcessBroker;
  store: RoomStore;
  node: GameNode;
  worker: AiWorker;
  buses: Bus[];
  gateways: Gateway[];
}

let world: World;
let url: string;

const PARLOR_ROOM: CreateRoomRequestInput = {
  game: 'parlor',
  seats: { p1: { type: 'human' }, p2: { type: 'human' } },
  options: { seed: 11, gameOptions: { turns: 4 } },
};

async function startExtraGateway(options: Partial<GatewayOptions>): Promise<Gateway> {
  const bus = world.broker.connect();
  world.buses.push(bus);
  const gateway = await startGateway({
    bus,
    store: world.store,
    port: 0,
    host: '127.0.0.1',
    ...options,
  });
  world.gateways.push(gateway);
  return gateway;
}

beforeAll(async () => {
  const broker = new InProcessBroker();
  const store = await openPgliteRoomStore();
  const nodeBus = broker.connect();
  const workerBus = broker.connect();
  const node = await startGameNode({ nodeId: 'node-a', store, bus: nodeBus, games: [parlorGame] });
  const worker = await startAiWorker({ bus: workerBus, games: [parlorGame.module] });
  world = { broker, store, node, worker, buses: [nodeBus, workerBus], gateways: [] };
  // Plenty of tokens and no refill: the default gateway never rate-limits these tests.
  url = (
    await startExtraGateway({
      rateLimit: { capacity: 10_000, refillPerSecond: 0 },
      roomCreationLimit: { capacity: 10_000, refillPerSecond: 0 },
    })
  ).url;
}, 120_000);

afterAll(async () => {
  for (const gateway of world?.gateways ?? []) await gateway.close();
  await world?.node.drain();
  await world?.worker.stop();
  for (const bus of world?.buses ?? []) await bus.close();
  await world?.store.close();
}, 60_000);

const open: VeilConnection[] = [];
function track(conn: VeilConnection): VeilConnection {
  open.push(conn);
  return conn;
}
afterAll(() => {
  for (const conn of open) conn.close();
});

async function newRoom(request: CreateRoomRequestInput = PARLOR_ROOM) {
  const created = await createRoom(url, request);
  const seats: Record<string, VeilConnection> = {};
  for (const [seat, { token }] of Object.entries(created.seats)) {
    seats[seat] = track(await connectSeat({ url, roomId: created.roomId, token }));
  }
  return { roomId: created.roomId, tokens: created.seats, seats };
}

/** The room's committed version, as the store has it. */
async function storedVersion(roomId: string): Promise<number> {
  return (await getRoom(url, roomId)).version;
}

function errorOf(code: ProtocolError['code']) {
  return { ok: false, error: protocolError(code) };
}

/** The socket without the typed event map, to send what a well-behaved client would not. */
function untyped(conn: VeilConnection): { emit(event: string, ...args: unknown[]): void } {
  return conn.socket as unknown as { emit(event: string, ...args: unknown[]): void };
}

async function rejection(promise: Promise<unknown>): Promise<unknown> {
  try {
    await promise;
  } catch (error) {
    return error;
  }
  throw new Error('expected a rejection');
}

/** A raw HTTP request (for bodies and methods `fetch` would not send as they are). */
function rawHttp(
  method: string,
  path: string,
  body?: string | Buffer,
): Promise<{ status: number; json: unknown }> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(new URL(path, url), { method }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => {
        const text = Buffer.concat(chunks).toString('utf8');
        resolve({ status: res.statusCode ?? 0, json: text ? JSON.parse(text) : null });
      });
    });
    req.on('error', reject);
    if (body !== undefined) req.setHeader('content-type', 'application/json');
    req.end(body);
  });
}

describe('lobby HTTP API', () => {
  it('answers health and Prometheus metrics', async () => {
    const health = await fetch(new URL('/healthz', url));
    expect(health.status).toBe(200);
    expect(await health.json()).toEqual({ status: 'ok' });
    const metrics = await fetch(new URL('/metrics', url));
    expect(metrics.status).toBe(200);
    const text = await metrics.text();
    for (const name of [
      'veil_gateway_rooms_live',
      'veil_gateway_sockets',
      'veil_gateway_actions_total',
      'veil_gateway_act_latency_seconds',
    ]) {
      expect(text).toContain(name);
    }
  });

  it('creates a room with one token per human seat, and stores only its hash', async () => {
    const created = await createRoom(url, {
      game: 'parlor',
      seats: { p1: { type: 'human' }, p2: { type: 'bot', level: 'random' } },
    });
    expect(Object.keys(created.seats)).toEqual(['p1']);
    const token = created.seats['p1']?.token ?? '';
    // 32 random bytes, base64url.
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const loaded = await world.store.load(created.roomId);
    expect(loaded?.room.seats).toEqual({
      p1: { kind: 'human', tokenHash: hashSeatToken(token) },
      p2: { kind: 'bot', level: 'random' },
    });
    expect(JSON.stringify(loaded)).not.toContain(token);
  });

  it('lists rooms and answers one room’s public summary', async () => {
    const { roomId } = await createRoom(url, PARLOR_ROOM);
    const summary = await getRoom(url, roomId);
    expect(summary).toMatchObject({
      roomId,
      game: 'parlor',
      version: 0,
      spectators: true,
      spectatorDelayTurns: 0,
      seats: { p1: { type: 'human', connected: false }, p2: { type: 'human', connected: false } },
    });
    expect(JSON.stringify(summary)).not.toMatch(/token|seed/i);
    const rooms = await listRooms(url);
    expect(rooms.map((r) => r.roomId)).toContain(roomId);
  });

  it('says a seat is connected whichever gateway holds its socket, and forgets it when it leaves', async () => {
    const other = await startExtraGateway({});
    const created = await createRoom(url, PARLOR_ROOM);
    const token = created.seats['p1']?.token ?? '';
    const connectedOn = async (gatewayUrl: string) =>
      (await getRoom(gatewayUrl, created.roomId)).seats['p1'];
    const p1 = track(
      await connectSeat({ url: other.url, roomId: created.roomId, token, reconnection: false }),
    );
    // Gateways hear of each other's sockets over the bus, in the turn after the change.
    await vi.waitFor(
      async () => expect(await connectedOn(url)).toEqual({ type: 'human', connected: true }),
      PRESENCE_WAIT,
    );
    expect(await connectedOn(other.url)).toEqual({ type: 'human', connected: true });

    p1.close();
    await vi.waitFor(
      async () => expect(await connectedOn(url)).toEqual({ type: 'human', connected: false }),
      PRESENCE_WAIT,
    );
    expect(await connectedOn(other.url)).toEqual({ type: 'human', connected: false });
  });

  it('refuses bad requests with generic protocol errors', async () => {
    const badJson = await rawHttp('POST', '/api/rooms', '{"game":');
    expect(badJson).toEqual({ status: 400, json: { error: protocolError('bad_request') } });
    const badShape = await rawHttp('POST', '/api/rooms', JSON.stringify({ game: 'parlor' }));
    expect(badShape).toEqual({ status: 400, json: { error: protocolError('bad_request') } });
    const extraField = await rawHttp(
      'POST',
      '/api/rooms',
      JSON.stringify({ ...PARLOR_ROOM, admin: true }),
    );
    expect(extraField.status).toBe(400);
    const tooLarge = await rawHttp('POST', '/api/rooms', Buffer.alloc(200 * 1024, 'x'));
    expect(tooLarge).toEqual({ status: 413, json: { error: protocolError('payload_too_large') } });
    const unknownRoom = await rawHttp('GET', '/api/rooms/no-such-room');
    expect(unknownRoom).toEqual({ status: 404, json: { error: protocolError('room_not_found') } });
    const unknownGame = await rawHttp(
      'POST',
      '/api/rooms',
      JSON.stringify({ game: 'chess', seats: { white: { type: 'human' } } }),
    );
    expect(unknownGame).toEqual({ status: 400, json: { error: protocolError('bad_request') } });
    expect((await rawHttp('DELETE', '/api/rooms')).status).toBe(405);
    expect(await rejection(getRoom(url, 'nope'))).toMatchObject({
      code: 'room_not_found',
      status: 404,
    });
  });
});

describe('socket.io: seats and spectators', () => {
  it('two seats and a spectator play: acks carry the version, every viewer gets each view', async () => {
    const { roomId, seats } = await newRoom();
    const spectator = track(await connectSpectator({ url, roomId }));
    const logs = { p1: 0, p2: 0, spectator: 0 };
    seats['p1']?.onLog((e) => (logs.p1 += e.entries.length));
    seats['p2']?.onLog((e) => (logs.p2 += e.entries.length));
    spectator.onLog((e) => (logs.spectator += e.entries.length));
    expect(spectator.view).toMatchObject({ roomId, version: 0, seat: null });
    expect(parlorView(spectator.view).hand).toBeNull();
    expect(parlorView(spectator.view).legalActions).toBeUndefined();
    expect(seats['p1']?.view).toMatchObject({ roomId, version: 0, seat: 'p1' });
    expect(seats['p2']?.view).toMatchObject({ roomId, version: 0, seat: 'p2' });

    for (let version = 1; version <= 4; version += 1) {
      const played = await playFirstLegal(seats);
      expect(played?.ack).toEqual({ ok: true, version });
      await allAtVersion([...Object.values(seats), spectator], version);
      for (const [seat, conn] of Object.entries(seats)) {
        const view = parlorView(conn.view);
        expect(conn.view?.seat).toBe(seat);
        // legalActions only for a seat that decides.
        expect(view.legalActions !== undefined).toBe(view.deciders.includes(seat));
      }
    }
    expect(await storedVersion(roomId)).toBe(4);
    // Each viewer also got the redacted log entries of those versions.
    expect(logs.p1).toBeGreaterThan(0);
    expect(logs.p2).toBeGreaterThan(0);
    expect(logs.spectator).toBeGreaterThan(0);
    const metrics = await (await fetch(new URL('/metrics', url))).text();
    const acted = /^veil_gateway_actions_total\{result="ok"\} (\d+)$/m.exec(metrics);
    expect(Number(acted?.[1])).toBeGreaterThanOrEqual(4);
    expect(metrics).toMatch(/^veil_gateway_act_latency_seconds_count\{result="ok"\} \d+$/m);
    const summary = await getRoom(url, roomId);
    expect(summary.seats).toEqual({
      p1: { type: 'human', connected: true },
      p2: { type: 'human', connected: true },
    });
  });

  it('sends each new view once to every one of several spectators, and the seats their own', async () => {
    const { roomId, seats } = await newRoom();
    const spectators = await Promise.all(
      Array.from({ length: 5 }, async () => track(await connectSpectator({ url, roomId }))),
    );
    const received = spectators.map((s) => {
      const versions: number[] = [];
      s.onView((v) => versions.push(v.version));
      return versions;
    });
    for (let version = 1; version <= 3; version += 1) {
      await playFirstLegal(seats);
      await allAtVersion([...Object.values(seats), ...spectators], version);
    }
    for (const [i, spectator] of spectators.entries()) {
      expect(received[i]).toEqual([1, 2, 3]);
      expect(spectator.view?.seat).toBeNull();
      expect(parlorView(spectator.view).hand).toBeNull();
    }
    for (const [seat, conn] of Object.entries(seats)) expect(conn.view?.seat).toBe(seat);
  });

  it('sends each viewer its log so far after connecting, then only new entries', async () => {
    const { roomId, tokens, seats } = await newRoom();
    const spectator = track(await connectSpectator({ url, roomId }));
    for (let version = 1; version <= 4; version += 1) {
      await playFirstLegal(seats);
      await allAtVersion([...Object.values(seats), spectator], version);
    }
    const p1Log = [...(seats['p1']?.log ?? [])];
    const spectatorLog = [...spectator.log];
    expect(p1Log.length).toBeGreaterThan(0);
    expect(spectatorLog.length).toBeGreaterThan(0);
    // The seat's log holds what only p1 may read; the spectator's does not.
    expect(p1Log).not.toEqual(spectatorLog);

    // A second tab of p1 and a late spectator: the whole log at once, as a history event.
    const again = track(await connectSeat({ url, roomId, token: tokens['p1']?.token ?? '' }));
    const late = track(await connectSpectator({ url, roomId }));
    // Nothing is played meanwhile: what they come to hold is the history they were sent.
    await vi.waitFor(() => expect(again.log).toEqual(p1Log));
    await vi.waitFor(() => expect(late.log).toEqual(spectatorLog));

    // And from then on only new entries, appended.
    await playFirstLegal(seats);
    await allAtVersion([again, late, ...Object.values(seats)], 5);
    expect(again.log).toEqual(seats['p1']?.log);
    expect(late.log).toEqual(spectator.log);
  });

  it('refuses a wrong token, a malformed handshake and an unknown room', async () => {
    const { roomId, tokens } = await newRoom();
    const wrong = 'A'.repeat(43);
    expect(await rejection(connectSeat({ url, roomId, token: wrong }))).toMatchObject({
      code: 'unauthorized',
    });
    // p1's token does not open another room.
    const other = await createRoom(url, PARLOR_ROOM);
    expect(
      await rejection(connectSeat({ url, roomId: other.roomId, token: tokens['p1']?.token ?? '' })),
    ).toMatchObject({ code: 'unauthorized' });
    expect(
      await rejection(connectSeat({ url, roomId: 'no-such-room', token: wrong })),
    ).toMatchObject({ code: 'room_not_found' });
    expect(await rejection(connectSeat({ url, roomId: 'a.b', token: wrong }))).toBeInstanceOf(
      VeilError,
    );
  });

  it('applies a repeated requestId once and answers it with the original ack', async () => {
    const { roomId, seats } = await newRoom();
    const decider = parlorView(seats['p1']?.view ?? null).deciders[0] ?? '';
    const conn = seats[decider] as VeilConnection;
    const action = parlorView(conn.view).legalActions?.[0] ?? {};
    const first = await conn.act(action, { version: 0, requestId: 'retry-1' });
    expect(first).toEqual({ ok: true, version: 1 });
    expect(await conn.act(action, { version: 0, requestId: 'retry-1' })).toEqual(first);
    expect(await storedVersion(roomId)).toBe(1);
  });

  it('sets and clears a standing policy through `policy`, for the game’s window kinds only', async () => {
    const { roomId, seats } = await newRoom();
    const p1 = seats['p1'] as VeilConnection;
    expect(await p1.policy('counter', 'auto-pass')).toEqual({ ok: true, version: 1 });
    const set = await p1.waitForView((v) => v.version === 1);
    expect((set.view as { policies: unknown }).policies).toEqual({ counter: 'auto-pass' });
    // The same policy again, and clearing one never set, change nothing: no new version.
    expect(await p1.policy('counter', 'auto-pass')).toEqual({ ok: true, version: 1 });
    expect(await storedVersion(roomId)).toBe(1);
    // Parlor has no window of these kinds (a decision kind is not a window kind).
    expect(await p1.policy('pending_play', 'stop')).toEqual(errorOf('bad_request'));
    expect(await p1.policy('rez', 'auto-pass')).toEqual(errorOf('bad_request'));
    expect(await p1.policy('counter', null)).toEqual({ ok: true, version: 2 });
    const cleared = await p1.waitForView((v) => v.version === 2);
    expect((cleared.view as { policies: unknown }).policies).toEqual({});
    expect(await p1.policy('counter', null)).toEqual({ ok: true, version: 2 });
    expect(await storedVersion(roomId)).toBe(2);
  });

  it('refuses spectators in a room that does not allow them', async () => {
    const created = await createRoom(url, {
      ...PARLOR_ROOM,
      options: { ...PARLOR_ROOM.options, spectators: false },
    });
    expect(await rejection(connectSpectator({ url, roomId: created.roomId }))).toMatchObject({
      code: 'forbidden',
    });
  });

  it('a spectator cannot act, and a seat cannot act out of turn or on a stale version', async () => {
    const { roomId, seats } = await newRoom();
    const spectator = track(await connectSpectator({ url, roomId }));
    expect(await spectator.act({ type: 'draw' })).toEqual(errorOf('forbidden'));
    expect(await spectator.policy('react', 'auto-pass')).toEqual(errorOf('forbidden'));
    expect(await seats['p1']?.rawRequest('policy', { kind: 'react' })).toEqual(
      errorOf('bad_request'),
    );

    const decider = parlorView(seats['p1']?.view ?? null).deciders[0] ?? '';
    const waiting = decider === 'p1' ? 'p2' : 'p1';
    expect(await seats[waiting]?.act({ type: 'draw' })).toEqual(errorOf('not_your_turn'));
    expect(await seats[decider]?.act({ type: 'no-such-action' })).toEqual(
      errorOf('illegal_action'),
    );
    // A version the socket was never shown is refused at the gateway; the node never sees it.
    const legal = parlorView(seats[decider]?.view ?? null).legalActions?.[0] ?? {};
    expect(await seats[decider]?.act(legal, { version: 5 })).toEqual(errorOf('stale_version'));
    expect(await storedVersion(roomId)).toBe(0);

    // An old version: stale_version, and the current view comes with it.
    const played = await playFirstLegal(seats as Record<string, VeilConnection>);
    expect(played?.ack).toEqual({ ok: true, version: 1 });
    const actor = seats[played?.seat ?? ''] as VeilConnection;
    await actor.waitForView((v) => v.version === 1);
    expect(await actor.act({ type: 'draw' }, { version: 0 })).toEqual(errorOf('stale_version'));
    expect(await storedVersion(roomId)).toBe(1);
  });

  it('answers malformed, unknown and oversized requests generically, with no state change', async () => {
    const { roomId, seats } = await newRoom();
    const p1 = seats['p1'] as VeilConnection;
    const errors: ProtocolError[] = [];
    p1.onError((e) => errors.push(e));

    expect(await p1.rawRequest('act', { version: 0 })).toEqual(errorOf('bad_request'));
    expect(await p1.rawRequest('act', 'not an object')).toEqual(errorOf('bad_request'));
    expect(
      await p1.rawRequest('act', { version: 0, action: { type: 'draw' }, requestId: 'r', x: 1 }),
    ).toEqual(errorOf('bad_request'));
    expect(await p1.rawRequest('shutdown', { please: true })).toEqual(errorOf('bad_request'));
    const bigAction = { type: 'draw', pad: 'x'.repeat(MAX_ACTION_BYTES + 1024) };
    expect(await p1.act(bigAction)).toEqual(errorOf('payload_too_large'));
    // Just over the bound, the envelope's allowance aside: too large as well.
    const justOver = { type: 'draw', pad: 'x'.repeat(MAX_ACTION_BYTES - 23) };
    expect(JSON.stringify(justOver).length).toBe(MAX_ACTION_BYTES + 1);
    expect(await p1.act(justOver)).toEqual(errorOf('payload_too_large'));

    // An event without an ack, and a packet that is not valid socket.io JSON: an `error` event.
    const twoErrors = new Promise<void>((resolve) => {
      const stop = p1.onError(() => {
        if (errors.length >= 2) {
          stop();
          resolve();
        }
      });
    });
    untyped(p1).emit('nonsense');
    p1.socket.io.engine.send('2["act",{bad json');
    await twoErrors;
    expect(errors).toEqual([protocolError('bad_request'), protocolError('bad_request')]);
    expect(errors.every((e) => e.message === ERROR_MESSAGES.bad_request)).toBe(true);
    expect(p1.connected).toBe(true);

    // The socket still works, and nothing was committed by any of it.
    expect(await storedVersion(roomId)).toBe(0);
    const played = await playFirstLegal(seats);
    expect(played?.ack).toEqual({ ok: true, version: 1 });
  });

  it('drops the transport of a message larger than maxHttpBufferSize, and nothing else', async () => {
    const gateway = await startExtraGateway({ maxSocketMessageBytes: 8 * 1024 });
    const created = await createRoom(gateway.url, PARLOR_ROOM);
    const token = created.seats['p1']?.token ?? '';
    const p1 = track(
      await connectSeat({ url: gateway.url, roomId: created.roomId, token, reconnection: false }),
    );
    const dropped = new Promise<void>((resolve) => p1.socket.once('disconnect', () => resolve()));
    const ack = p1.act({ type: 'draw', pad: 'x'.repeat(16 * 1024) });
    await dropped;
    expect(await ack).toEqual(errorOf('timeout'));
    // The gateway is fine and the room unchanged; the same token connects again.
    const again = track(await connectSeat({ url: gateway.url, roomId: created.roomId, token }));
    expect(again.view?.version).toBe(0);
    expect(await storedVersion(created.roomId)).toBe(0);
  }, 30_000);

  it('refuses acting after the game ended with game_over', async () => {
    const { roomId, seats } = await newRoom({
      ...PARLOR_ROOM,
      options: { seed: 3, gameOptions: { turns: 2 } },
    });
    let version = 0;
    for (;;) {
      const played = await playFirstLegal(seats);
      if (!played) break;
      expect(played.ack.ok).toBe(true);
      version += 1;
      await allAtVersion(Object.values(seats), version);
    }
    expect(parlorView(seats['p1']?.view ?? null).phase).toBe('over');
    expect(await seats['p1']?.act({ type: 'draw' })).toMatchObject({
      ok: false,
      error: protocolError('game_over'),
    });
    expect(await storedVersion(roomId)).toBe(version);
    // The lobby says how it ended: the rules' outcome of the final state (stored with the end).
    const final = await world.store.load(roomId);
    expect(final?.snapshot.version).toBe(version);
    const outcome = parlor.outcome(restoreGame(parlor, final?.snapshot.snapshot as never));
    expect(outcome).not.toBeNull();
    expect(await getRoom(url, roomId)).toMatchObject({ status: 'finished', version, outcome });
    expect((await listRooms(url)).find((r) => r.roomId === roomId)?.outcome).toEqual(outcome);
  });

  it('reconnecting with the same token resumes the seat at the current version', async () => {
    const { roomId, tokens, seats } = await newRoom();
    const played = await playFirstLegal(seats);
    expect(played?.ack).toEqual({ ok: true, version: 1 });
    seats['p1']?.close();
    const back = track(await connectSeat({ url, roomId, token: tokens['p1']?.token ?? '' }));
    expect(back.view).toMatchObject({ roomId, seat: 'p1', version: 1 });

    // A dropped transport reconnects on its own and gets the current view again.
    const p2 = seats['p2'] as VeilConnection;
    const changes: boolean[] = [];
    const reconnected = new Promise<void>((resolve) =>
      p2.onConnectionChange((up) => {
        changes.push(up);
        if (up) resolve();
      }),
    );
    p2.socket.io.engine.close();
    await reconnected;
    expect(changes).toEqual([false, true]);
    await playFirstLegal({ p1: back, p2 });
    await allAtVersion([back, p2], 2);
    expect(p2.view?.seat).toBe('p2');
  });

  it('plays a bot seat through the AI worker', async () => {
    const created = await createRoom(url, {
      game: 'parlor',
      seats: { p1: { type: 'human' }, p2: { type: 'bot', level: 'random' } },
      options: { seed: 5, gameOptions: { turns: 4 } },
    });
    const p1 = track(
      await connectSeat({ url, roomId: created.roomId, token: created.seats['p1']?.token ?? '' }),
    );
    // p1 acts whenever it decides; otherwise the bot does, through the worker.
    let p1Acts = 0;
    while (parlorView(p1.view).phase !== 'over' && p1Acts < 30) {
      const view = parlorView(p1.view);
      const action = view.legalActions?.[0];
      const before = p1.version ?? 0;
      if (view.deciders.includes('p1') && action) {
        expect(await p1.act(action)).toEqual({ ok: true, version: before + 1 });
        p1Acts += 1;
      }
      await p1.waitForView((v) => v.version > before);
    }
    expect(parlorView(p1.view).phase).toBe('over');
    // Some of the versions were the bot's.
    expect(p1.version).toBeGreaterThan(p1Acts);
  });
});

describe('rate limit', () => {
  it('refuses requests beyond the bucket with rate_limited, and disconnects an abusive socket', async () => {
    const gateway = await startExtraGateway({
      rateLimit: { capacity: 3, refillPerSecond: 0 },
      abuseLimit: 5,
    });
    const created = await createRoom(gateway.url, PARLOR_ROOM);
    const token = created.seats['p1']?.token ?? '';
    const p1 = track(
      await connectSeat({ url: gateway.url, roomId: created.roomId, token, reconnection: false }),
    );
    const acks = [];
    for (let i = 0; i < 4; i += 1) acks.push(await p1.rawRequest('act', { version: 0 }));
    expect(acks.slice(0, 3)).toEqual(Array(3).fill(errorOf('bad_request')));
    expect(acks[3]).toEqual(errorOf('rate_limited'));
    expect(await p1.act({ type: 'draw' })).toEqual(errorOf('rate_limited'));
    expect(await storedVersion(created.roomId)).toBe(0);

    const dropped = new Promise<void>((resolve) => p1.socket.once('disconnect', () => resolve()));
    for (let i = 0; i < 5; i += 1) untyped(p1).emit('act');
    await dropped;
    expect(p1.connected).toBe(false);
  });
});
