import { openPgliteRoomStore, type CommitItem, type RoomStore } from '@veil/store';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
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

  /**
   * A store whose transactions finish when the test says (`finish`, in order), to look at what is
   * in flight; `sent` lists the rooms of each batch sent.
   */
  const gatedStore = () => {
    const sent: number[][] = [];
    const finish: (() => void)[] = [];
    const gated = Object.assign(Object.create(store) as RoomStore, {
      commitBatch: async (items: readonly CommitItem[]) => {
        sent.push(items.map((i) => Number(i.roomId.slice(1))));
        await new Promise<void>((resolve) => finish.push(resolve));
        return store.commitBatch(items);
      },
    });
    return { sent, finish, gated };
  };

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
    const batcher = new CommitBatcher(store, {
      windowMs: 1,
      maxItems: 1,
      concurrency: 4,
      overlapAtItems: 1,
    });
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

  it('sends a batch beside the one in flight only once overlapAtItems wait', async () => {
    const { sent, finish, gated } = gatedStore();
    const batcher = new CommitBatcher(gated, { concurrency: 2, overlapAtItems: 3 });
    const nextTurn = () => new Promise((resolve) => setImmediate(resolve));
    const all = [batcher.commit(item(0, 2, 'v1'))];
    await nextTurn();
    expect(sent).toEqual([[0]]);
    // Two wait: fewer than three, so they wait for the batch in flight...
    all.push(batcher.commit(item(1, 2, 'v1')), batcher.commit(item(2, 2, 'v1')));
    await nextTurn();
    expect(sent).toEqual([[0]]);
    // ...a third makes three: they go out beside it.
    all.push(batcher.commit(item(3, 2, 'v1')));
    await nextTurn();
    expect(sent).toEqual([[0], [1, 2, 3]]);
    // Both slots busy: the next one waits. When one frees, a batch is still in flight and only
    // one item waits: it waits for that batch too, and goes once nothing is in flight.
    all.push(batcher.commit(item(4, 2, 'v1')));
    await nextTurn();
    finish.shift()?.();
    await all[0]; // the first batch is done
    await nextTurn();
    expect(sent).toHaveLength(2);
    finish.shift()?.();
    await vi.waitFor(() => expect(sent).toEqual([[0], [1, 2, 3], [4]]));
    finish.shift()?.();
    const results = await Promise.all(all);
    expect(results.every((r) => r.status === 'committed' && r.version === 3)).toBe(true);
    await batcher.settled();
  });

  it('sends what waited as soon as a batch is back, before the callers of that batch go on', async () => {
    const { sent, finish, gated } = gatedStore();
    const batcher = new CommitBatcher(gated);
    const first = batcher.commit(item(5, 2, 'l1'));
    await new Promise((resolve) => setImmediate(resolve));
    const second = batcher.commit(item(6, 2, 'l1'));
    await new Promise((resolve) => setImmediate(resolve));
    expect(sent).toEqual([[5]]);
    // What the first batch's caller sees when it resumes: the second batch already sent, so
    // its round trip runs while the caller does its work (the acks and views of a game node).
    let sentWhenFirstResumed: number[][] = [];
    const resumed = first.then((result) => {
      sentWhenFirstResumed = sent.map((batch) => [...batch]);
      return result;
    });
    finish.shift()?.();
    expect(await resumed).toEqual({ status: 'committed', version: 3 });
    expect(sentWhenFirstResumed).toEqual([[5], [6]]);
    finish.shift()?.();
    expect(await second).toEqual({ status: 'committed', version: 3 });
    await batcher.settled();
  });
});
