import {
  connectSeat,
  connectSpectator,
  createRoom,
  getRoom,
  listRooms,
  type VeilConnection,
} from '@veil/client';
import type { CreateRoomRequestInput } from '@veil/protocol';
import { describe, expect, it } from 'vitest';
import { useTestWorld, type TestWorld } from './test-world.js';

// The room secret (docs/architecture.md, "The engine"): 32 bytes from the OS for every room, never sent anywhere; and a
// seed the creator chose, allowed against bots and shown to everyone otherwise.

let world: TestWorld;
const open = useTestWorld({}, (started) => (world = started));

const NETRUNNER_HUMANS: CreateRoomRequestInput = {
  game: 'netrunner',
  seats: { corp: { type: 'human' }, runner: { type: 'human' } },
};

async function storedSeed(roomId: string): Promise<unknown> {
  const loaded = await world.store.load(roomId);
  return (loaded?.room.options as { seed?: unknown } | undefined)?.seed;
}

async function seat(roomId: string, token: string | undefined): Promise<VeilConnection> {
  const conn = await connectSeat({ url: world.url, roomId, token: token ?? '' });
  open.push(conn);
  return conn;
}

interface CardLike {
  readonly code?: string;
}

describe('room secret', () => {
  it('is 32 bytes from the OS, and two rooms with the same options never share a deal', async () => {
    const deals: string[] = [];
    const seeds: unknown[] = [];
    for (let i = 0; i < 2; i += 1) {
      const created = await createRoom(world.url, NETRUNNER_HUMANS);
      const seed = await storedSeed(created.roomId);
      // 32 bytes as hex: 256 bits, nothing reduced.
      expect(seed).toMatch(/^[0-9a-f]{64}$/);
      seeds.push(seed);
      // The deal each seat sees: the Corp's HQ and the Runner's grip, by card.
      const corp = await seat(created.roomId, created.seats['corp']?.token);
      const runner = await seat(created.roomId, created.seats['runner']?.token);
      const hq = (corp.view?.view as { corp: { hq: CardLike[] } }).corp.hq;
      const grip = (runner.view?.view as { runner: { grip: CardLike[] } }).runner.grip;
      const codes = (cards: CardLike[]) => cards.map((c) => c.code ?? '?').sort();
      expect(hq).toHaveLength(5);
      expect(grip).toHaveLength(5);
      expect([...codes(hq), ...codes(grip)]).not.toContain('?');
      deals.push(JSON.stringify([codes(hq), codes(grip)]));
    }
    expect(seeds[0]).not.toEqual(seeds[1]);
    // Two independent deals agree on both opening hands far less than once in a million.
    expect(deals[0]).not.toEqual(deals[1]);
  });

  it('never leaves the server: not in HTTP answers, socket events, the bus, logs or metrics', async () => {
    const seen: string[] = [];
    const recordingFetch: typeof fetch = async (input, init) => {
      const response = await fetch(input, init);
      seen.push(await response.clone().text());
      return response;
    };
    // Everything on the bus: room commands and replies, publications, bot requests.
    const tap = world.broker.connect();
    await tap.subscribe('>', ({ data }) => {
      seen.push(JSON.stringify(data));
    });
    let botRequests = 0;
    await tap.subscribe('veil.ai.*.request', () => {
      botRequests += 1;
    });

    const created = await createRoom(
      world.url,
      {
        game: 'netrunner',
        seats: { corp: { type: 'human' }, runner: { type: 'bot', level: 'random' } },
      },
      { fetch: recordingFetch },
    );
    const seed = await storedSeed(created.roomId);
    expect(typeof seed).toBe('string');
    const corp = await seat(created.roomId, created.seats['corp']?.token);
    const spectator = await connectSpectator({ url: world.url, roomId: created.roomId });
    open.push(spectator);
    for (const conn of [corp, spectator]) {
      seen.push(JSON.stringify(conn.view), JSON.stringify(conn.log));
      conn.socket.onAny((_event: string, ...args: unknown[]) => seen.push(JSON.stringify(args)));
    }
    // The Corp plays until the bot Runner has had to move.
    for (let i = 0; i < 40 && botRequests === 0; i += 1) {
      const view = corp.view?.view as { legalActions?: unknown[] };
      const action = view.legalActions?.[0];
      if (action) seen.push(JSON.stringify(await corp.act(action as never)));
      else await corp.waitForView((v) => v.version > (corp.view?.version ?? 0));
    }
    expect(botRequests).toBeGreaterThan(0);
    // A refusal and a stale act, for the error paths.
    seen.push(JSON.stringify(await corp.act({ type: 'no-such-action' }, { version: 0 })));
    await getRoom(world.url, created.roomId, { fetch: recordingFetch });
    await listRooms(world.url, { fetch: recordingFetch });
    await recordingFetch(new URL('/metrics', world.url));
    await recordingFetch(new URL('/api/rooms/%E0%A4%A', world.url));
    await tap.close();

    const everything = [...seen, ...world.logLines].join('\n');
    expect(everything.length).toBeGreaterThan(10_000);
    expect(everything).toContain(created.roomId);
    expect(everything).not.toContain(String(seed));
  });
});

describe('a seed the creator chose', () => {
  it('is taken as it is against bots', async () => {
    const created = await createRoom(world.url, {
      game: 'netrunner',
      seats: { corp: { type: 'human' }, runner: { type: 'bot', level: 'random' } },
      options: { seed: 'puzzle-1' },
    });
    expect(await storedSeed(created.roomId)).toBe('puzzle-1');
    expect((await getRoom(world.url, created.roomId)).fixedDeal).toBeUndefined();
    const corp = await seat(created.roomId, created.seats['corp']?.token);
    expect(corp.view?.fixedDeal).toBeUndefined();
  });

  it('makes a room with other humans a "fixed deal" that every seat and spectator is shown', async () => {
    const created = await createRoom(world.url, {
      ...NETRUNNER_HUMANS,
      options: { seed: 'puzzle-1' },
    });
    const summary = await getRoom(world.url, created.roomId);
    expect(summary.fixedDeal).toBe(true);
    expect((await listRooms(world.url)).find((r) => r.roomId === created.roomId)?.fixedDeal).toBe(
      true,
    );
    const corp = await seat(created.roomId, created.seats['corp']?.token);
    const runner = await seat(created.roomId, created.seats['runner']?.token);
    const spectator = await connectSpectator({ url: world.url, roomId: created.roomId });
    open.push(spectator);
    // Before anyone has acted: the first view of each viewer says so.
    for (const conn of [corp, runner, spectator]) {
      expect(conn.view?.version).toBe(0);
      expect(conn.view?.fixedDeal).toBe(true);
    }
    // And every later one.
    const action = (corp.view?.view as { legalActions?: unknown[] }).legalActions?.[0];
    expect(await corp.act(action as never)).toEqual({ ok: true, version: 1 });
    const next = await runner.waitForView((v) => v.version === 1);
    expect(next.fixedDeal).toBe(true);
  });

  it('a room of humans without a chosen seed is no fixed deal', async () => {
    const created = await createRoom(world.url, NETRUNNER_HUMANS);
    expect((await getRoom(world.url, created.roomId)).fixedDeal).toBeUndefined();
    const runner = await seat(created.roomId, created.seats['runner']?.token);
    expect(runner.view?.fixedDeal).toBeUndefined();
  });
});
