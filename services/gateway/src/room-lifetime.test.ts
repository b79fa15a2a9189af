import {
  connectSeat,
  connectSpectator,
  createRoom,
  getRoom,
  listRooms,
  type VeilConnection,
} from '@veil/client';
import type { AnyGameModule } from '@veil/engine';
import { parlor } from '@veil/parlor';
import { protocolError, type CreateRoomRequestInput } from '@veil/protocol';
import { describe, expect, it, vi } from 'vitest';
import { useTestWorld, type TestWorld } from './test-world.js';
import { allAtVersion, parlorView, playFirstLegal } from './testing.js';

// What the lobby tells about a room while spectators are held back, and what its seats can still
// do once the game is over.

let world: TestWorld;
const open = useTestWorld(
  {
    games: [parlor as unknown as AnyGameModule],
    // A finished room leaves the node quickly, so a later connection must load it again; so
    // does a room nobody acts in for a second.
    node: { finishedUnloadMs: 100, idleUnloadMs: 1_000 },
  },
  (started) => (world = started),
);

function track(conn: VeilConnection): VeilConnection {
  open.push(conn);
  return conn;
}

async function newRoom(request: CreateRoomRequestInput) {
  const created = await createRoom(world.url, request);
  const seats: Record<string, VeilConnection> = {};
  for (const [seat, { token }] of Object.entries(created.seats)) {
    seats[seat] = track(await connectSeat({ url: world.url, roomId: created.roomId, token }));
  }
  return { roomId: created.roomId, tokens: created.seats, seats };
}

describe('a room with a spectator delay', () => {
  it('shows the lobby the version spectators are shown, not the live one', async () => {
    const { roomId, seats } = await newRoom({
      game: 'parlor',
      seats: { p1: { type: 'human' }, p2: { type: 'human' } },
      options: { seed: 3, spectatorDelayTurns: 1, gameOptions: { turns: 30 } },
    });
    const spectator = track(await connectSpectator({ url: world.url, roomId }));
    let live = 0;
    // Play until spectators are a whole turn behind, and some states past the first.
    while (live < 12) {
      const played = await playFirstLegal(seats);
      if (!played?.ack.ok) throw new Error(`no move: ${JSON.stringify(played)}`);
      live = played.ack.version;
      await allAtVersion(Object.values(seats), live);
    }
    const shown = (await spectator.waitForView(() => true)).version;
    expect(shown).toBeLessThan(live);

    // The node records the spectators' version with the room just after publishing it.
    await vi.waitFor(
      async () => expect((await getRoom(world.url, roomId)).version).toBe(spectator.view?.version),
      { timeout: 10_000, interval: 50 },
    );
    const summary = await getRoom(world.url, roomId);
    expect(summary.status).toBe('active');
    expect(summary.version).toBeLessThan(live);
    const listed = (await listRooms(world.url)).find((r) => r.roomId === roomId);
    expect(listed?.version).toBe(summary.version);

    // Once the room has left the node, the lobby still shows it, read from the store: listing
    // it does not load it again.
    await vi.waitFor(() => expect(world.node.rooms()).not.toContain(roomId), {
      timeout: 10_000,
      interval: 50,
    });
    const idle = (await listRooms(world.url)).find((r) => r.roomId === roomId);
    expect(idle?.version).toBe(summary.version);
    expect((await getRoom(world.url, roomId)).version).toBe(summary.version);
    expect(world.node.rooms()).not.toContain(roomId);
  });

  it('a room without a delay shows its live version', async () => {
    const { roomId, seats } = await newRoom({
      game: 'parlor',
      seats: { p1: { type: 'human' }, p2: { type: 'human' } },
      options: { seed: 4, gameOptions: { turns: 30 } },
    });
    const played = await playFirstLegal(seats);
    expect(played?.ack).toEqual({ ok: true, version: 1 });
    expect((await getRoom(world.url, roomId)).version).toBe(1);
  });
});

describe('a finished room', () => {
  it('still opens for its seat tokens (view, whole log), and acts get game_over', async () => {
    const { roomId, tokens, seats } = await newRoom({
      game: 'parlor',
      seats: { p1: { type: 'human' }, p2: { type: 'human' } },
      options: { seed: 5, gameOptions: { turns: 2 } },
    });
    let version = 0;
    for (let played = await playFirstLegal(seats); played; played = await playFirstLegal(seats)) {
      if (!played.ack.ok) throw new Error(`refused: ${JSON.stringify(played.ack)}`);
      version = played.ack.version;
      await allAtVersion(Object.values(seats), version);
    }
    const summary = await getRoom(world.url, roomId);
    expect(summary).toMatchObject({ status: 'finished', version });
    expect(summary.outcome).toBeDefined();
    const finalLog = seats['p1']?.log.length ?? 0;
    expect(finalLog).toBeGreaterThan(0);
    for (const conn of Object.values(seats)) conn.close();
    // The node lets the finished room go; the next connection loads it again.
    await vi.waitFor(() => expect(world.node.rooms()).not.toContain(roomId), {
      timeout: 10_000,
      interval: 50,
    });

    for (const [seat, { token }] of Object.entries(tokens)) {
      const again = track(await connectSeat({ url: world.url, roomId, token }));
      expect(again.view).toMatchObject({ roomId, version, seat });
      expect(parlorView(again.view).deciders).toEqual([]);
      // The whole log so far, as a reconnect gets it.
      const history = await vi.waitFor(
        () => {
          expect(again.log.length).toBeGreaterThan(0);
          return again.log;
        },
        { timeout: 10_000, interval: 20 },
      );
      if (seat === 'p1') expect(history).toHaveLength(finalLog);
      expect(await again.act({ type: 'pass' }, { version })).toEqual({
        ok: false,
        error: protocolError('game_over'),
      });
      expect(await again.policy('counter', 'auto-pass')).toEqual({
        ok: false,
        error: protocolError('game_over'),
      });
    }
    expect((await getRoom(world.url, roomId)).version).toBe(version);
    // Spectators see the end too.
    const spectator = track(await connectSpectator({ url: world.url, roomId }));
    expect(spectator.view?.version).toBe(version);
  });
});
