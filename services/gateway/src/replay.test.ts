import {
  connectSeat,
  connectSpectator,
  createRoom,
  getReplay,
  VeilError,
  type VeilConnection,
  type ViewEvent,
} from '@veil/client';
import { describe, expect, it } from 'vitest';
import { useTestWorld, type TestWorld } from './test-world.js';

// A finished room replayed from its stored events (docs/protocol.md, "Replay"), through the
// real gateway and node: each version's answer is what a spectator watching live was shown.

let world: TestWorld;
const open = useTestWorld({}, (started) => (world = started));

async function connected(c: Promise<VeilConnection>): Promise<VeilConnection> {
  const connection = await c;
  open.push(connection);
  return connection;
}

async function refusal(p: Promise<unknown>): Promise<{ code: string; status?: number }> {
  try {
    await p;
  } catch (error) {
    if (error instanceof VeilError) return { code: error.code, status: error.status };
    throw error;
  }
  throw new Error('not refused');
}

/** Plays `moves` legal actions (each seat's first one), then the runner concedes. */
async function playAndConcede(
  seats: Record<string, VeilConnection>,
  moves: number,
): Promise<number> {
  let version = 0;
  for (let i = 0; i < moves; i++) {
    const mover = Object.values(seats).find(
      (c) => ((c.view?.view as { legalActions?: unknown[] }).legalActions ?? []).length > 0,
    );
    const action = (mover?.view?.view as { legalActions: unknown[] }).legalActions[0];
    const ack = await mover!.act(action as never);
    expect(ack.ok).toBe(true);
    version = ack.ok ? ack.version : version;
    for (const c of Object.values(seats)) await c.waitForView((v) => v.version >= version);
  }
  const ack = await seats['runner']!.concede();
  expect(ack.ok).toBe(true);
  return ack.ok ? ack.version : -1;
}

describe('replay', () => {
  it('serves each version of a finished room as the spectators saw it live, and nothing before the end', async () => {
    const created = await createRoom(world.url, {
      game: 'netrunner',
      seats: { corp: { type: 'human' }, runner: { type: 'human' } },
    });
    const { roomId } = created;
    const token = (seat: string) => created.seats[seat]?.token ?? '';
    const watcher = await connected(connectSpectator({ url: world.url, roomId }));
    const seen = new Map<number, ViewEvent>();
    const record = (v: ViewEvent) => void seen.set(v.version, v);
    record(watcher.view!);
    watcher.onView(record);
    const corp = await connected(connectSeat({ url: world.url, roomId, token: token('corp') }));
    const runner = await connected(connectSeat({ url: world.url, roomId, token: token('runner') }));
    const corpSaw = new Map<number, ViewEvent>();
    corpSaw.set(corp.view!.version, corp.view!);
    corp.onView((v) => void corpSaw.set(v.version, v));

    // A room in play has no replay.
    expect(await refusal(getReplay(world.url, roomId))).toEqual({ code: 'forbidden', status: 403 });

    const last = await playAndConcede({ corp, runner }, 6);
    await watcher.waitForView((v) => v.version >= last);
    const liveLog = watcher.log;

    for (let version = 0; version < last; version++) {
      const replay = await getReplay(world.url, roomId, { version });
      expect(replay.lastVersion).toBe(last);
      expect(replay.game).toBe('netrunner');
      expect(replay.view).toEqual(seen.get(version));
    }
    // After the game each seat's view may be replayed too: what the corp saw, without the
    // legal actions of the moment.
    for (let version = 0; version < last; version++) {
      const replay = await getReplay(world.url, roomId, { version, viewer: 'corp' });
      const { legalActions: _legal, ...shown } = corpSaw.get(version)?.view as {
        legalActions?: unknown;
      };
      expect(replay.view).toEqual({ ...corpSaw.get(version), view: shown });
    }
    expect(await refusal(getReplay(world.url, roomId, { viewer: 'nobody' }))).toEqual({
      code: 'bad_request',
      status: 400,
    });

    // Without a version: the last one, with the whole log the spectator read.
    const end = await getReplay(world.url, roomId);
    expect(end.view.version).toBe(last);
    expect(end.view.view).toEqual(seen.get(last)?.view);
    expect(end.log).toEqual(liveLog);
  });

  it('refuses bad versions, unknown rooms, and strangers in a room closed to spectators', async () => {
    const created = await createRoom(world.url, {
      game: 'netrunner',
      seats: { corp: { type: 'human' }, runner: { type: 'human' } },
      options: { spectators: false },
    });
    const { roomId } = created;
    const token = (seat: string) => created.seats[seat]?.token ?? '';
    const corp = await connected(connectSeat({ url: world.url, roomId, token: token('corp') }));
    const runner = await connected(connectSeat({ url: world.url, roomId, token: token('runner') }));
    const last = await playAndConcede({ corp, runner }, 2);

    // A seat's token opens it; nothing else does.
    const mine = await getReplay(world.url, roomId, { token: token('corp'), version: 1 });
    expect(mine.view).toMatchObject({ version: 1, seat: null });
    expect(await refusal(getReplay(world.url, roomId))).toEqual({ code: 'forbidden', status: 403 });
    const stranger = 'A'.repeat(43);
    expect(await refusal(getReplay(world.url, roomId, { token: stranger }))).toEqual({
      code: 'unauthorized',
      status: 401,
    });

    const raw = (query: string) =>
      fetch(`${world.url}/api/rooms/${roomId}/replay${query}`, {
        headers: { authorization: `Bearer ${token('runner')}` },
      });
    for (const query of [
      `?version=${last + 1}`,
      '?version=-1',
      '?version=1e2',
      '?version=',
      '?as=a.b',
      '?as=nobody',
    ]) {
      const res = await raw(query);
      expect({ query, status: res.status, body: await res.json() }).toEqual({
        query,
        status: 400,
        body: { error: { code: 'bad_request', message: 'The request is malformed.' } },
      });
    }
    expect((await raw(`?version=${last}`)).status).toBe(200);
    expect(await refusal(getReplay(world.url, 'no-such-room'))).toEqual({
      code: 'room_not_found',
      status: 404,
    });
    const post = await fetch(`${world.url}/api/rooms/${roomId}/replay`, { method: 'POST' });
    expect(post.status).toBe(405);
  });
});
