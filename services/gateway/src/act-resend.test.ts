import { connectSeat, createRoom, type VeilConnection } from '@veil/client';
import type { AnyGameModule } from '@veil/engine';
import { parlor } from '@veil/parlor';
import { describe, expect, it } from 'vitest';
import { useTestWorld, type TestWorld } from './test-world.js';
import { parlorView } from './testing.js';

// An act whose connection drops before its ack (its gateway died, the network blinked): the SDK
// sends it again, with its request id, once the connection is back and has the room's view, so
// the player gets a slower ack instead of an error, and the action is applied once.

let world: TestWorld;
const open = useTestWorld(
  { games: [parlor as unknown as AnyGameModule] },
  (started) => (world = started),
);

describe('an act out when the connection drops', () => {
  it('is answered after the reconnection, applied once', async () => {
    const created = await createRoom(world.url, {
      game: 'parlor',
      seats: { p1: { type: 'human' }, p2: { type: 'human' } },
      options: { seed: 5, gameOptions: { turns: 6 } },
    });
    const seats: Record<string, VeilConnection> = {};
    for (const [seat, { token }] of Object.entries(created.seats)) {
      seats[seat] = await connectSeat({
        url: world.url,
        roomId: created.roomId,
        token,
        transports: ['websocket'],
      });
      open.push(seats[seat]);
    }
    const p1 = seats['p1'] as VeilConnection;
    const view = parlorView(p1.view);
    const seat = view.deciders[0] as string;
    const conn = seats[seat] as VeilConnection;
    const action = parlorView(conn.view).legalActions?.[0];
    if (!action) throw new Error('no legal action');
    const version = conn.version ?? 0;

    const acking = conn.act(action, { requestId: 'resend-1' });
    // The transport drops with the act out (sent or still buffered): socket.io reconnects.
    conn.socket.io.engine.close();
    expect(await acking).toEqual({ ok: true, version: version + 1 });
    // Once: the room moved one version, and the same request again gets the same ack.
    expect(await conn.act(action, { requestId: 'resend-1', version })).toEqual({
      ok: true,
      version: version + 1,
    });
    const stored = await world.store.load(created.roomId);
    expect(stored?.room.version).toBe(version + 1);
  });
});
