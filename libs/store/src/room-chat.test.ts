import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openPgliteRoomStore } from './open-room-store.js';
import type { RoomStore } from './room-store.js';

describe('room chat in the store', () => {
  let dataDir: string;
  let store: RoomStore;

  beforeAll(async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'veil-chat-'));
    store = await openPgliteRoomStore({ dataDir });
    for (const id of ['a', 'b']) {
      await store.createRoom({
        id,
        game: 'g',
        rulesVersion: 1,
        options: {},
        seats: { p1: { kind: 'human', tokenHash: 'h' } },
        snapshot: {},
      });
    }
  }, 120_000);

  afterAll(async () => {
    await store?.close();
    await rm(dataDir, { recursive: true, force: true });
  });

  it('numbers each room’s lines from 1 and reads back the last ones, oldest first', async () => {
    expect(await store.appendChat('a', 'table', { text: 'one' })).toBe(1);
    expect(await store.appendChat('b', 'spectators', { text: 'other room' })).toBe(1);
    expect(await store.appendChat('a', 'spectators', { text: 'two' })).toBe(2);
    expect(await store.appendChat('a', 'table', { text: '<b>three</b>' })).toBe(3);
    const last = await store.chatLines('a', 2);
    expect(last.map(({ seq, channel, line }) => ({ seq, channel, line }))).toEqual([
      { seq: 2, channel: 'spectators', line: { text: 'two' } },
      { seq: 3, channel: 'table', line: { text: '<b>three</b>' } },
    ]);
    expect((await store.chatLines('b', 10)).map((l) => l.line)).toEqual([{ text: 'other room' }]);
    expect(await store.chatLines('none', 10)).toEqual([]);
  });

  it('refuses a line for a room that does not exist', async () => {
    await expect(store.appendChat('none', 'table', { text: 'x' })).rejects.toThrow();
  });
});
