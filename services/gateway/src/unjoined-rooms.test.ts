import { connectSeat, createRoom, getRoom, joinSeat, listRooms, newSeatToken } from '@veil/client';
import type { AnyGameModule } from '@veil/engine';
import { ManualClock } from '@veil/game';
import { parlor } from '@veil/parlor';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { refusalOf, startTestWorld, type TestWorld } from './test-world.js';

// A room created through the gateway whose players never came (the creator's client vanished
// before it used the seat tokens): what the lobby and a late player see once the game node has
// abandoned it (services/game unjoined-rooms.ts). The node's time is a fake clock the test moves.

const ABANDON_MS = 10 * 60_000;

let world: TestWorld;
/** Starts at the wall time, like the store's clock that dates the rooms' creation. */
const clock = new ManualClock(Date.now());

beforeAll(async () => {
  world = await startTestWorld({
    games: [parlor as unknown as AnyGameModule],
    node: { clock, abandonUnjoinedMs: ABANDON_MS },
  });
}, 120_000);

afterAll(async () => {
  await world?.close();
}, 60_000);

describe('a room nobody joined', () => {
  it('is left out of the lobby, shows as abandoned, and refuses a late player', async () => {
    const vanished = await createRoom(world.url, {
      game: 'parlor',
      seats: { p1: { type: 'human' }, p2: { type: 'human', open: true } },
      options: { gameOptions: { turns: 6 } },
    });
    const listed = async () => (await listRooms(world.url)).map((r) => r.roomId);
    expect(await listed()).toContain(vanished.roomId);

    clock.advance(ABANDON_MS + 60_000);
    await vi.waitFor(
      async () => expect((await getRoom(world.url, vanished.roomId)).status).toBe('abandoned'),
      { timeout: 30_000, interval: 50 },
    );
    expect(await listed()).not.toContain(vanished.roomId);
    // The creator's seat token, used at last: the join is refused and the socket closed.
    const token = vanished.seats['p1']?.token ?? '';
    expect(
      await refusalOf(connectSeat({ url: world.url, roomId: vanished.roomId, token })),
    ).toEqual(['game_over', undefined]);
    // The open seat can no longer be taken.
    expect(await refusalOf(joinSeat(world.url, vanished.roomId, 'p2', newSeatToken()))).toEqual([
      'game_over',
      409,
    ]);
    expect(world.node.rooms()).not.toContain(vanished.roomId);
  });
});
