import { createRoom, getRoom, listRooms } from '@veil/client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestWorld, type TestWorld } from './test-world.js';

let world: TestWorld;

beforeAll(async () => {
  world = await startTestWorld();
}, 120_000);

afterAll(async () => {
  await world?.close();
});

describe('a private room', () => {
  it('is left out of the lobby’s listing, and its links still lead to it', async () => {
    const request = {
      game: 'netrunner',
      seats: { corp: { type: 'human' as const }, runner: { type: 'human' as const } },
    };
    const open = await createRoom(world.url, request);
    const hidden = await createRoom(world.url, { ...request, options: { private: true } });
    const listed = (await listRooms(world.url)).map((room) => room.roomId);
    expect(listed).toContain(open.roomId);
    expect(listed).not.toContain(hidden.roomId);
    // Its summary answers whoever has the link, and says nothing of the option.
    const summary = await getRoom(world.url, hidden.roomId);
    expect(summary.roomId).toBe(hidden.roomId);
    expect(JSON.stringify(summary)).not.toContain('private');
  });

  it('takes only a boolean', async () => {
    const response = await fetch(new URL('/api/rooms', world.url), {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        game: 'netrunner',
        seats: { corp: { type: 'human' }, runner: { type: 'human' } },
        options: { private: 'yes' },
      }),
    });
    expect(response.status).toBe(400);
  });
});
