import { openPgliteRoomStore, type CommitItem, type RoomStore } from '@veil/store';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CommitBatcher } from './commit-batcher.js';

describe('CommitBatcher', () => {
  let store: RoomStore;
  const batches: number[] = [];

  beforeAll(async () => {
    const real = await openPgliteRoomStore();
    // Counts the transactions the batcher sends, and their sizes.
    store = Object.assign(Object.create(real) as RoomStore, {
      commitBatch: (items: readonly CommitItem[]) => {
        batches.push(items.length);
        return real.commitBatch(items);
      },
      close: () => real.close(),
    });
    for (let i = 0; i < 40; i += 1) {
      await real.createRoom({
        id: `b${i}`,
        game: 'parlor',
        rulesVersion: 1,
        options: {},
        seats: {},
        snapshot: { v: 0 },
      });
    }
  }, 120_000);

  afterAll(async () => {
    await store?.close();
  });

  const item = (room: number, expectedVersion: number, requestId: string): CommitItem => ({
    roomId: `b${room}`,
    expectedVersion,
    seat: 'p1',
    requestId,
    action: { type: 'act', action: { n: room } },
  });

  it('commits acts of many rooms in few transactions, each with its own compare-and-set', async () => {
    const batcher = new CommitBatcher(store, { windowMs: 5, maxItems: 100 });
    batches.length = 0;
    const results = await Promise.all(
      Array.from({ length: 40 }, (_, room) => batcher.commit(item(room, 0, 'r1'))),
    );
    expect(results.every((r) => r.status === 'committed' && r.version === 1)).toBe(true);
    expect(batches.reduce((a, b) => a + b, 0)).toBe(40);
    expect(batches.length).toBeLessThan(40);
    expect(batcher.stats()).toEqual({ batches: batches.length, items: 40 });
    // The same version again: every item conflicts, none commits twice.
    const again = await Promise.all(
      Array.from({ length: 40 }, (_, room) => batcher.commit(item(room, 0, 'r2'))),
    );
    expect(again.every((r) => r.status === 'conflict' && r.currentVersion === 1)).toBe(true);
  });

  it('splits at maxItems and settles everything handed over', async () => {
    const batcher = new CommitBatcher(store, { windowMs: 1_000, maxItems: 10 });
    batches.length = 0;
    const pending = Array.from({ length: 25 }, (_, room) => batcher.commit(item(room, 1, 'r3')));
    await batcher.settled();
    const results = await Promise.all(pending);
    expect(results.filter((r) => r.status === 'committed')).toHaveLength(25);
    expect(Math.max(...batches)).toBeLessThanOrEqual(10);
  });

  it('keeps a room in one batch in flight at a time, in order, with batches in parallel', async () => {
    const batcher = new CommitBatcher(store, { windowMs: 1, maxItems: 1, concurrency: 4 });
    batches.length = 0;
    // Room 30 three times in a row (each on the version the previous one makes), room 31 once:
    // one item per batch, several batches in flight, yet room 30's stay in order.
    // (Rooms 30 and 31 are at version 1 after the first test.)
    const results = await Promise.all([
      batcher.commit(item(30, 1, 'o1')),
      batcher.commit(item(30, 2, 'o2')),
      batcher.commit(item(31, 1, 'o1')),
      batcher.commit(item(30, 3, 'o3')),
    ]);
    expect(results).toEqual([
      { status: 'committed', version: 2 },
      { status: 'committed', version: 3 },
      { status: 'committed', version: 2 },
      { status: 'committed', version: 4 },
    ]);
    expect(batches).toEqual([1, 1, 1, 1]);
    await batcher.settled();
  });
});
