import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CommitItem, CommitResult } from './commit-types.js';
import { StoreError } from './errors.js';
import { storeMigrations } from './migrations.js';
import type { RoomStore } from './room-store.js';
import type { NewRoom, RoomStatus } from './room-types.js';
import { snapshotReason } from './snapshot-policy.js';
import { JsonText } from './schema.js';

// The behaviour every RoomStore must have, written once and run unchanged against each dialect:
// PGlite in memory and on disk (libs/store) and a real Postgres server (test/integration).

export interface StoreHandle {
  store: RoomStore;
  /** Closes the store and removes whatever makeStore created (temp dir, database). */
  cleanup: () => Promise<void>;
}

/** Opens a store on a fresh, empty database; `migrate: false` leaves the schema unapplied. */
export type MakeStore = (options?: { migrate?: boolean }) => Promise<StoreHandle>;

export interface ContractOptions {
  /** Rooms raced at once in the compare-and-set test, two writers each (default 20). */
  races?: number;
}

const migrationNames = Object.keys(storeMigrations).sort();

// Opening a database may take a while: PGlite runs initdb in WASM (seconds on a slow machine).
const OPEN_TIMEOUT_MS = 180_000;

/** A secret that must never appear in anything public. */
const TOKEN_HASH_MARK = 'token-hash-secret-';
const SEED_MARK = 'options-seed-secret-';

function newRoom(overrides: Partial<NewRoom> = {}): NewRoom {
  const id = `room-${randomUUID()}`;
  return {
    id,
    game: 'contract-game',
    rulesVersion: 3,
    options: { format: 'startup', seed: `${SEED_MARK}${id}` },
    seats: {
      corp: { kind: 'human', tokenHash: `${TOKEN_HASH_MARK}${id}` },
      runner: { kind: 'bot', level: 'greedy' },
    },
    snapshot: { value: 'setup', context: { clicks: 0, deck: [3, 1, 2] } },
    ...overrides,
  };
}

function event(
  roomId: string,
  expectedVersion: number,
  extra: Partial<CommitItem> = {},
): CommitItem {
  return {
    roomId,
    expectedVersion,
    seat: 'corp',
    requestId: randomUUID(),
    action: { type: 'click', n: expectedVersion + 1 },
    ...extra,
  };
}

/** Polls until `check` holds, failing after a generous bound (a bound, not a speed test). */
async function eventually(
  what: string,
  check: () => Promise<boolean>,
  boundMs = 15_000,
): Promise<void> {
  const deadline = Date.now() + boundMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`still not ${what} after ${boundMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

export function describeRoomStoreContract(
  name: string,
  makeStore: MakeStore,
  options: ContractOptions = {},
): void {
  const races = options.races ?? 20;

  describe(`RoomStore contract: ${name}`, () => {
    let handle: StoreHandle | undefined;
    const store = (): RoomStore => {
      if (!handle) throw new Error('store not opened');
      return handle.store;
    };
    beforeAll(async () => {
      handle = await makeStore();
    }, OPEN_TIMEOUT_MS);
    afterAll(async () => {
      await handle?.cleanup();
    }, OPEN_TIMEOUT_MS);

    async function createdRoom(overrides: Partial<NewRoom> = {}): Promise<string> {
      const created = await store().createRoom(newRoom(overrides));
      return created.room.id;
    }

    async function appendMany(roomId: string, count: number, from = 0): Promise<void> {
      for (let v = from; v < from + count; v++) {
        expect(await store().appendEvent(event(roomId, v))).toEqual({
          status: 'committed',
          version: v + 1,
        });
      }
    }

    describe('migrations', () => {
      it(
        'apply each migration once on an empty database, even when runs race, then nothing',
        async () => {
          const fresh = await makeStore({ migrate: false });
          try {
            const reports = await Promise.all([1, 2, 3].map(() => fresh.store.migrate()));
            // Exactly one run applied everything, in order; the others found nothing to do.
            expect(reports.map((r) => r.applied).sort((x, y) => y.length - x.length)).toEqual([
              migrationNames,
              [],
              [],
            ]);
            expect(await fresh.store.migrate()).toEqual({ applied: [] });
            await fresh.store.createRoom(newRoom());
          } finally {
            await fresh.cleanup();
          }
        },
        OPEN_TIMEOUT_MS,
      );

      it('are a no-op on an opened (already migrated) store', async () => {
        expect(await store().migrate()).toEqual({ applied: [] });
      });
    });

    describe('create and load', () => {
      it('creates a room at version 0 with its initial snapshot', async () => {
        const input = newRoom();
        const created = await store().createRoom(input);
        expect(created.room).toMatchObject({
          id: input.id,
          game: 'contract-game',
          rulesVersion: 3,
          options: input.options,
          seats: input.seats,
          status: 'waiting',
          version: 0,
          leaseOwner: null,
          leaseUntil: null,
        });
        expect(created.room.createdAt).toBeInstanceOf(Date);
        expect(created.snapshot).toMatchObject({ roomId: input.id, version: 0 });
        expect(created.snapshot.snapshot).toEqual(input.snapshot);
        expect(created.events).toEqual([]);

        // What creation answers is what a load reads, to the key order of every object.
        const loaded = await store().load(input.id);
        expect(loaded).toEqual(created);
        expect(JSON.stringify(loaded)).toBe(JSON.stringify(created));
      });

      it('answers the stored form of the snapshot, as a load reads it', async () => {
        // Were the stored form another (jsonb, before migration 0006, kept its own key order),
        // a node that ran the snapshot it wrote would serialize other bytes than after a reload.
        const snapshot = { a_long_key_first: { zz: 1, b: 2 }, value: 'setup', c: [3] };
        const created = await store().createRoom(newRoom({ snapshot }));
        const loaded = await store().load(created.room.id);
        expect(JSON.stringify(created.snapshot.snapshot)).toBe(
          JSON.stringify(loaded?.snapshot.snapshot),
        );
        expect(created.snapshot.snapshot).toEqual(snapshot);
      });

      it('keeps a given initial status', async () => {
        const id = await createdRoom({ status: 'active' });
        expect((await store().load(id))?.room.status).toBe('active');
      });

      it('creates a room with its lease held, which another node cannot claim', async () => {
        const id = await createdRoom({ lease: { owner: 'node-a', ttlMs: 60_000 } });
        expect(await store().leaseState(id)).toMatchObject({ owner: 'node-a', expired: false });
        expect(await store().claimLease(id, 'node-b', 60_000)).toEqual({ status: 'held' });
        expect((await store().claimLease(id, 'node-a', 60_000)).status).toBe('claimed');
        // A second creation with the same id takes nothing, not even the lease.
        const again = store().createRoom(
          newRoom({ id, lease: { owner: 'node-b', ttlMs: 60_000 } }),
        );
        await expect(again).rejects.toMatchObject({ code: 'room_exists' });
        expect(await store().leaseState(id)).toMatchObject({ owner: 'node-a' });
      });

      it('creates a room whose lease lapses like a claimed one, and none for a lease of no time', async () => {
        const id = await createdRoom({ lease: { owner: 'node-a', ttlMs: 20 } });
        await expect
          .poll(async () => (await store().claimLease(id, 'node-b', 60_000)).status, {
            timeout: 5_000,
          })
          .toBe('claimed');
        const bad = newRoom({ lease: { owner: 'node-a', ttlMs: 0 } });
        await expect(store().createRoom(bad)).rejects.toThrow(RangeError);
        expect(await store().load(bad.id)).toBeNull();
      });

      it('stores a room only before its deadline, checked by the insert itself', async () => {
        // A deadline already passed when the insert runs: nothing is stored, not even the lease.
        const late = newRoom({
          lease: { owner: 'node-a', ttlMs: 60_000 },
          deadline: new Date(Date.now() - 1_000),
        });
        await expect(store().createRoom(late)).rejects.toMatchObject({ code: 'deadline_passed' });
        expect(await store().load(late.id)).toBeNull();
        expect(await store().roomSummary(late.id)).toBeNull();
        const id = await createdRoom({ deadline: new Date(Date.now() + 60_000) });
        expect(await store().load(id)).not.toBeNull();
        // A taken id stays `room_exists` with a deadline too.
        const again = store().createRoom(newRoom({ id, deadline: new Date(Date.now() + 60_000) }));
        await expect(again).rejects.toMatchObject({ code: 'room_exists' });
      });

      it('refuses a second room with the same id and leaves the first untouched', async () => {
        const input = newRoom();
        await store().createRoom(input);
        const again = store().createRoom({ ...input, game: 'other', snapshot: { other: true } });
        await expect(again).rejects.toBeInstanceOf(StoreError);
        await expect(again).rejects.toMatchObject({ code: 'room_exists' });
        const loaded = await store().load(input.id);
        expect(loaded?.room.game).toBe('contract-game');
        expect(loaded?.snapshot.snapshot).toEqual(input.snapshot);
      });

      it('round-trips JSON of every shape, including top-level arrays and strings', async () => {
        const snapshot = [{ nested: [1, 'two', null, true] }, 'ünïcode ✓', -0.5];
        const id = await createdRoom({ snapshot, options: ['a', 'b'] });
        const action = ['play', { card: 'Hedge Fund', targets: [] }];
        await store().appendEvent(event(id, 0, { action, ack: 'ok' }));
        const loaded = await store().load(id);
        expect(loaded?.snapshot.snapshot).toEqual(snapshot);
        expect(loaded?.room.options).toEqual(['a', 'b']);
        expect(loaded?.events[0]).toMatchObject({ action, ack: 'ok' });
      });

      it('answers null for a room that does not exist', async () => {
        expect(await store().load('no-such-room')).toBeNull();
        expect(await store().roomSummary('no-such-room')).toBeNull();
        expect(await store().roomRecord('no-such-room')).toBeNull();
      });

      it('reads a room’s row alone as a load reads it', async () => {
        const id = await createdRoom({ options: { spectators: false } });
        await store().appendEvent(event(id, 0));
        const loaded = await store().load(id);
        expect(await store().roomRecord(id)).toEqual(loaded?.room);
      });
    });

    describe('append with compare-and-set', () => {
      it('commits version current + 1 and advances the room', async () => {
        const id = await createdRoom();
        const first = event(id, 0, { ack: { ok: true, version: 1 } });
        expect(await store().appendEvent(first)).toEqual({ status: 'committed', version: 1 });
        expect(await store().appendEvent(event(id, 1, { seat: 'runner' }))).toEqual({
          status: 'committed',
          version: 2,
        });
        const loaded = await store().load(id);
        expect(loaded?.room.version).toBe(2);
        expect(loaded?.events.map((e) => [e.version, e.seat])).toEqual([
          [1, 'corp'],
          [2, 'runner'],
        ]);
        expect(loaded?.events[0]).toMatchObject({
          roomId: id,
          requestId: first.requestId,
          action: first.action,
          ack: { ok: true, version: 1 },
        });
        expect(loaded?.events[1]?.ack).toBeNull();
      });

      it('rejects a stale or future version with the current one and applies nothing', async () => {
        const id = await createdRoom();
        await appendMany(id, 2);
        expect(await store().appendEvent(event(id, 1))).toEqual({
          status: 'conflict',
          currentVersion: 2,
        });
        expect(await store().appendEvent(event(id, 5))).toEqual({
          status: 'conflict',
          currentVersion: 2,
        });
        const loaded = await store().load(id);
        expect(loaded?.room.version).toBe(2);
        expect(loaded?.events.map((e) => e.version)).toEqual([1, 2]);
      });

      it('reports a room that does not exist', async () => {
        expect(await store().appendEvent(event('no-such-room', 0))).toEqual({
          status: 'not_found',
        });
      });

      it(`lets exactly one of two concurrent writers commit a version (${races} races)`, async () => {
        const ids = await Promise.all(Array.from({ length: races }, () => createdRoom()));
        const outcomes = await Promise.all(
          ids.map((id) =>
            Promise.all([store().appendEvent(event(id, 0)), store().appendEvent(event(id, 0))]),
          ),
        );
        for (const pair of outcomes) {
          expect(pair).toContainEqual({ status: 'committed', version: 1 });
          expect(pair).toContainEqual({ status: 'conflict', currentVersion: 1 });
        }
        const loaded = await Promise.all(ids.map((id) => store().load(id)));
        for (const room of loaded) {
          expect(room?.room.version).toBe(1);
          expect(room?.events).toHaveLength(1);
        }
      });

      it('refuses actions JSON cannot represent before writing anything', async () => {
        const id = await createdRoom();
        await expect(store().appendEvent(event(id, 0, { action: undefined }))).rejects.toThrow(
          TypeError,
        );
        expect((await store().load(id))?.room.version).toBe(0);
      });
    });

    describe('idempotent requestId', () => {
      it('answers a repeated request with the original result and applies nothing', async () => {
        const id = await createdRoom();
        const original = event(id, 0, { ack: { ok: true, version: 1 } });
        expect(await store().appendEvent(original)).toEqual({ status: 'committed', version: 1 });
        const duplicate = { status: 'duplicate', version: 1, ack: { ok: true, version: 1 } };
        // The retry carries the version it was first sent with (now stale)…
        expect(await store().appendEvent(original)).toEqual(duplicate);
        // …or, from a confused client, the current one: still the same request.
        expect(
          await store().appendEvent({ ...original, expectedVersion: 1, action: { other: 1 } }),
        ).toEqual(duplicate);
        const loaded = await store().load(id);
        expect(loaded?.room.version).toBe(1);
        expect(loaded?.events).toHaveLength(1);
        expect(loaded?.events[0]?.action).toEqual(original.action);
      });

      it('treats the same requestId from another seat as another request', async () => {
        const id = await createdRoom();
        const requestId = randomUUID();
        await store().appendEvent(event(id, 0, { requestId }));
        expect(await store().appendEvent(event(id, 1, { requestId, seat: 'runner' }))).toEqual({
          status: 'committed',
          version: 2,
        });
      });

      it('commits a request once when its retry races the original', async () => {
        const ids = await Promise.all(
          Array.from({ length: Math.max(2, races / 4) }, () => createdRoom()),
        );
        const outcomes = await Promise.all(
          ids.map((id) => {
            const item = event(id, 0, { ack: 'first' });
            return Promise.all([store().appendEvent(item), store().appendEvent(item)]);
          }),
        );
        for (const pair of outcomes) {
          expect(pair).toContainEqual({ status: 'committed', version: 1 });
          expect(pair).toContainEqual({ status: 'duplicate', version: 1, ack: 'first' });
        }
      });
    });

    describe('commitBatch', () => {
      it('keeps per-room compare-and-set: mixed outcomes do not affect each other', async () => {
        const [a, b, c, d] = await Promise.all([1, 2, 3, 4].map(() => createdRoom()));
        if (!a || !b || !c || !d) throw new Error('rooms not created');
        const earlier = event(b, 0, { ack: 'b1' });
        await store().appendEvent(earlier);

        const inBatchTwice = event(d, 0);
        const results = await store().commitBatch([
          event(a, 0),
          earlier, // duplicate of an already committed request
          event(c, 3), // conflict: c is at 0
          event('no-such-room', 0),
          event(a, 1, { snapshot: { at: 2 } }), // a's second event, in the same batch
          inBatchTwice,
          { ...inBatchTwice, expectedVersion: 1 }, // duplicate of an item earlier in the batch
          event(d, 1, { roomStatus: 'finished', snapshot: { final: true } }),
          event(b, 1, { seat: 'runner' }),
        ]);
        expect(results).toEqual<CommitResult[]>([
          { status: 'committed', version: 1 },
          { status: 'duplicate', version: 1, ack: 'b1' },
          { status: 'conflict', currentVersion: 0 },
          { status: 'not_found' },
          { status: 'committed', version: 2 },
          { status: 'committed', version: 1 },
          { status: 'duplicate', version: 1, ack: null },
          { status: 'committed', version: 2 },
          { status: 'committed', version: 2 },
        ]);

        const [la, lb, lc, ld] = await Promise.all([a, b, c, d].map((id) => store().load(id)));
        expect(la?.room.version).toBe(2);
        expect(la?.snapshot).toMatchObject({ version: 2, snapshot: { at: 2 } });
        expect(la?.events).toEqual([]);
        expect(lb?.room.version).toBe(2);
        expect(lb?.events.map((e) => e.seat)).toEqual(['corp', 'runner']);
        expect(lc?.room.version).toBe(0);
        expect(lc?.events).toEqual([]);
        expect(ld?.room).toMatchObject({ version: 2, status: 'finished' });
        expect(ld?.snapshot).toMatchObject({ version: 2, snapshot: { final: true } });
      });

      it('stores an event’s seat changes with it, and a refused event’s not at all', async () => {
        const bot = { kind: 'bot', level: 'ismcts' } as const;
        // One item per room (the one-statement path), then two of one room (the transaction).
        const [a, b] = await Promise.all([createdRoom(), createdRoom()]);
        if (!a || !b) throw new Error('rooms not created');
        expect(await store().appendEvent(event(a, 0, { seatChanges: { corp: bot } }))).toEqual({
          status: 'committed',
          version: 1,
        });
        expect(
          await store().commitBatch([
            event(b, 0),
            event(b, 1, { seatChanges: { corp: bot } }),
            event(a, 0, { seatChanges: { runner: { kind: 'bot', level: 'expert' } } }),
          ]),
        ).toMatchObject([{ status: 'committed' }, { status: 'committed' }, { status: 'conflict' }]);
        for (const id of [a, b]) {
          expect((await store().roomRecord(id))?.seats).toEqual({
            corp: bot,
            runner: { kind: 'bot', level: 'greedy' },
          });
          expect((await store().roomSummary(id))?.seats['corp']).toEqual(bot);
        }
      });

      it('commits nothing for an empty batch', async () => {
        expect(await store().commitBatch([])).toEqual([]);
      });

      it('keeps concurrent batches over the same rooms consistent', async () => {
        const ids = await Promise.all(Array.from({ length: 8 }, () => createdRoom()));
        // Two batches in opposite room order, both at version 0: each room commits once.
        const [forward, backward] = await Promise.all([
          store().commitBatch(ids.map((id) => event(id, 0))),
          store().commitBatch([...ids].reverse().map((id) => event(id, 0))),
        ]);
        const byRoom = ids.map((_, i) => [forward?.[i], backward?.[ids.length - 1 - i]]);
        for (const pair of byRoom) {
          expect(pair).toContainEqual({ status: 'committed', version: 1 });
          expect(pair).toContainEqual({ status: 'conflict', currentVersion: 1 });
        }
      });
    });

    describe('snapshots', () => {
      it('load returns the latest snapshot and only the events after it, in order', async () => {
        const id = await createdRoom();
        await appendMany(id, 5);
        expect(await store().saveSnapshot(id, 3, { at: 3 })).toBe(true);
        expect(await store().saveSnapshot(id, 3, { other: 'ignored' })).toBe(false);
        let loaded = await store().load(id);
        expect(loaded?.snapshot).toMatchObject({ version: 3, snapshot: { at: 3 } });
        expect(loaded?.events.map((e) => e.version)).toEqual([4, 5]);

        await store().appendEvent(event(id, 5, { snapshot: { at: 6 } }));
        await appendMany(id, 1, 6);
        loaded = await store().load(id);
        expect(loaded?.snapshot).toMatchObject({ version: 6, snapshot: { at: 6 } });
        expect(loaded?.events.map((e) => e.version)).toEqual([7]);
      });

      it('loads from an earlier snapshot on request, with every event after it', async () => {
        const id = await createdRoom();
        await appendMany(id, 7);
        expect(await store().saveSnapshot(id, 3, { at: 3 })).toBe(true);
        expect(await store().saveSnapshot(id, 6, { at: 6 })).toBe(true);
        const below6 = await store().load(id, { snapshotBefore: 6 });
        expect(below6?.snapshot).toMatchObject({ version: 3, snapshot: { at: 3 } });
        expect(below6?.events.map((e) => e.version)).toEqual([4, 5, 6, 7]);
        const below3 = await store().load(id, { snapshotBefore: 3 });
        expect(below3?.snapshot.version).toBe(0);
        expect(below3?.events.map((e) => e.version)).toEqual([1, 2, 3, 4, 5, 6, 7]);
        // Above the latest snapshot: the latest one, as without the option.
        expect((await store().load(id, { snapshotBefore: 100 }))?.snapshot.version).toBe(6);
        expect(await store().load('no-such-room', { snapshotBefore: 1 })).toBeNull();
        for (const bad of [0, -1, 1.5, Number.NaN]) {
          await expect(store().load(id, { snapshotBefore: bad })).rejects.toThrow(RangeError);
        }
      });

      it('a snapshot saved after the fact (a quiet room) only moves where the replay starts', async () => {
        const id = await createdRoom();
        await appendMany(id, 4);
        const before = await store().load(id);
        expect(await store().saveSnapshot(id, 4, { at: 4 })).toBe(true);
        // An older one arriving late (or twice) does not move load back.
        expect(await store().saveSnapshot(id, 2, { at: 2 })).toBe(true);
        expect(await store().saveSnapshot(id, 4, { at: 'again' })).toBe(false);
        const after = await store().load(id);
        expect(after?.room.version).toBe(4);
        expect(after?.snapshot).toMatchObject({ version: 4, snapshot: { at: 4 } });
        expect(after?.events).toEqual([]);
        // The log itself is untouched: every event is still there, once.
        expect(before?.events.map((e) => e.version)).toEqual([1, 2, 3, 4]);
        await appendMany(id, 1, 4);
        expect((await store().load(id))?.events.map((e) => e.version)).toEqual([5]);
      });

      it('stores a snapshot the caller already serialized (JsonText) as that JSON', async () => {
        const id = await createdRoom();
        const text = JsonText.of({ at: 1, list: [1, 'two', null] });
        await store().appendEvent(event(id, 0, { snapshot: text }));
        expect(await store().saveSnapshot(id, 1, JsonText.of({ other: true }))).toBe(false);
        const loaded = await store().load(id);
        expect(loaded?.snapshot).toMatchObject({
          version: 1,
          snapshot: { at: 1, list: [1, 'two', null] },
        });
      });

      it('keeps every snapshot as the text it was written, key order included', async () => {
        // Keys in an order jsonb would not keep (it sorts them by length, then bytewise).
        const written = (n: number) => ({ zz: { b: n, a: [n] }, a_long_key: 'x', c: null });
        const bytes = (value: unknown) => JSON.stringify(value);
        const created = await store().createRoom(newRoom({ snapshot: written(0) }));
        const id = created.room.id;
        expect(bytes(created.snapshot.snapshot)).toBe(bytes(written(0)));
        expect(bytes((await store().load(id))?.snapshot.snapshot)).toBe(bytes(written(0)));
        // Through a commit of one room (one statement) and of two items of one room (the
        // transaction), and saved after the fact.
        await store().appendEvent(event(id, 0, { snapshot: written(1) }));
        expect(bytes((await store().load(id))?.snapshot.snapshot)).toBe(bytes(written(1)));
        await store().commitBatch([event(id, 1), event(id, 2, { snapshot: written(3) })]);
        expect(bytes((await store().load(id))?.snapshot.snapshot)).toBe(bytes(written(3)));
        await appendMany(id, 1, 3);
        expect(await store().saveSnapshot(id, 4, written(4))).toBe(true);
        expect(bytes((await store().load(id))?.snapshot.snapshot)).toBe(bytes(written(4)));
      });

      it('refuses a snapshot of a version not yet committed, or of no room', async () => {
        const id = await createdRoom();
        await expect(store().saveSnapshot(id, 1, {})).rejects.toMatchObject({
          code: 'version_not_committed',
        });
        await expect(store().saveSnapshot('no-such-room', 0, {})).rejects.toMatchObject({
          code: 'room_not_found',
        });
      });

      it('following the snapshot policy bounds the replayed tail', async () => {
        const interval = 5;
        const id = await createdRoom();
        let lastSnapshot = 0;
        for (let v = 0; v < 13; v++) {
          const version = v + 1;
          const due = snapshotReason(
            { version, lastSnapshotVersion: lastSnapshot, finished: false },
            interval,
          );
          const item = event(id, v, due ? { snapshot: { at: version } } : {});
          expect(await store().appendEvent(item)).toEqual({ status: 'committed', version });
          if (due) lastSnapshot = version;
        }
        const loaded = await store().load(id);
        expect(loaded?.snapshot).toMatchObject({ version: 10, snapshot: { at: 10 } });
        expect(loaded?.events.map((e) => e.version)).toEqual([11, 12, 13]);
      });
    });

    describe('leases', () => {
      const LONG = 60_000;

      it('claims a free lease, extends its own, and refuses another owner', async () => {
        const id = await createdRoom();
        const first = await store().claimLease(id, 'node-a', LONG);
        expect(first.status).toBe('claimed');
        expect(await store().claimLease(id, 'node-b', LONG)).toEqual({ status: 'held' });
        const again = await store().claimLease(id, 'node-a', LONG);
        expect(again.status).toBe('claimed');
        if (first.status === 'claimed' && again.status === 'claimed') {
          expect(again.leaseUntil.getTime()).toBeGreaterThanOrEqual(first.leaseUntil.getTime());
        }
        expect(await store().leaseState(id)).toMatchObject({ owner: 'node-a', expired: false });
        expect((await store().load(id))?.room.leaseOwner).toBe('node-a');
      });

      it('renews only for the owner and releases only by the owner', async () => {
        const id = await createdRoom();
        await store().claimLease(id, 'node-a', LONG);
        expect((await store().renewLease(id, 'node-a', LONG)).status).toBe('renewed');
        expect(await store().renewLease(id, 'node-b', LONG)).toEqual({ status: 'lost' });
        expect(await store().releaseLease(id, 'node-b')).toBe(false);
        expect(await store().releaseLease(id, 'node-a')).toBe(true);
        expect(await store().leaseState(id)).toEqual({
          owner: null,
          leaseUntil: null,
          expired: true,
        });
        expect(await store().renewLease(id, 'node-a', LONG)).toEqual({ status: 'lost' });
        expect((await store().claimLease(id, 'node-b', LONG)).status).toBe('claimed');
      });

      /** Four rooms: node-a's lease, node-b's, one node-a gave up, and one of node-a's expired. */
      async function fourLeases(): Promise<
        Record<'mine' | 'theirs' | 'released' | 'expired', string>
      > {
        const [mine, theirs, released, expired] = (await Promise.all(
          [1, 2, 3, 4].map(() => createdRoom()),
        )) as [string, string, string, string];
        await store().claimLease(mine, 'node-a', LONG);
        await store().claimLease(theirs, 'node-b', LONG);
        await store().claimLease(released, 'node-a', LONG);
        await store().releaseLease(released, 'node-a');
        await store().claimLease(expired, 'node-a', 20);
        await eventually(
          'expired',
          async () => (await store().leaseState(expired))?.expired === true,
        );
        return { mine, theirs, released, expired };
      }

      it('renews many leases in one call: only those the owner still holds', async () => {
        const { mine, theirs, released, expired } = await fourLeases();
        const ids = [mine, theirs, released, expired, 'no-such-room'];
        const results = await store().renewLeases(ids, 'node-a', LONG);
        expect([...results.keys()]).toEqual(ids);
        expect(results.get(mine)?.status).toBe('renewed');
        for (const id of ids.slice(1)) expect(results.get(id)).toEqual({ status: 'lost' });
        expect(await store().leaseState(theirs)).toMatchObject({ owner: 'node-b' });
        expect(await store().renewLeases([], 'node-a', LONG)).toEqual(new Map());
        await expect(store().renewLeases(ids, 'node-a', 0)).rejects.toThrow(RangeError);
      });

      it('releases many leases in one call: only those the owner holds', async () => {
        const { mine, theirs, released, expired } = await fourLeases();
        const ids = [mine, theirs, released, expired, 'no-such-room'];
        // An expired lease still names its owner, who may give it up (as with `releaseLease`).
        expect(await store().releaseLeases(ids, 'node-a')).toEqual(new Set([mine, expired]));
        for (const id of [mine, released, expired]) {
          expect(await store().leaseState(id)).toEqual({
            owner: null,
            leaseUntil: null,
            expired: true,
          });
        }
        expect(await store().leaseState(theirs)).toMatchObject({ owner: 'node-b' });
        expect(await store().releaseLeases(ids, 'node-a')).toEqual(new Set());
        expect(await store().releaseLeases([], 'node-a')).toEqual(new Set());
        expect((await store().claimLease(mine, 'node-b', LONG)).status).toBe('claimed');
      });

      it('commits with a leaseOwner only while that owner holds the lease', async () => {
        const [one, two] = (await Promise.all([createdRoom(), createdRoom()])) as [string, string];
        const [paused, peer] = [`node-${randomUUID()}`, `node-${randomUUID()}`];
        await store().claimLease(one, paused, LONG);
        await store().claimLease(two, paused, LONG);
        expect(await store().takeOverLeases(paused, peer, LONG)).toEqual([one, two].sort());
        const fenced = { leaseOwner: paused };
        // One item per room (one statement), then two of one room (a transaction): both fenced.
        expect(await store().commitBatch([event(one, 0, fenced)])).toEqual([
          { status: 'conflict', currentVersion: 0 },
        ]);
        expect(await store().commitBatch([event(two, 0, fenced), event(two, 1, fenced)])).toEqual([
          { status: 'conflict', currentVersion: 0 },
          { status: 'conflict', currentVersion: 0 },
        ]);
        const owner = { leaseOwner: peer };
        expect(await store().commitBatch([event(one, 0, owner)])).toEqual([
          { status: 'committed', version: 1 },
        ]);
        expect(await store().commitBatch([event(two, 0, owner), event(two, 1, owner)])).toEqual([
          { status: 'committed', version: 1 },
          { status: 'committed', version: 2 },
        ]);
      });

      it("takes over every lease of a gone node, expired or not, and no one else's", async () => {
        const { mine, theirs, released, expired } = await fourLeases();
        // Earlier tests of this store may have left node-a other leases too.
        const taken = await store().takeOverLeases('node-a', 'node-c', LONG);
        expect(taken).toEqual(expect.arrayContaining([mine, expired]));
        expect(taken).not.toContain(theirs);
        expect(taken).not.toContain(released);
        for (const id of [mine, expired]) {
          expect(await store().leaseState(id)).toMatchObject({ owner: 'node-c', expired: false });
          expect((await store().renewLease(id, 'node-a', LONG)).status).toBe('lost');
        }
        expect(await store().leaseState(theirs)).toMatchObject({ owner: 'node-b' });
        expect(await store().leaseState(released)).toMatchObject({ owner: null });
        expect(await store().takeOverLeases('node-a', 'node-c', LONG)).toEqual([]);
        expect(await store().takeOverLeases('node-b', 'node-b', LONG)).toEqual([]);
      });

      it("splits a gone node's leases among the takers that ask for a share", async () => {
        const gone = `node-${randomUUID()}`;
        const [b, c] = [`node-${randomUUID()}`, `node-${randomUUID()}`];
        const rooms = (await Promise.all([1, 2, 3, 4, 5].map(() => createdRoom()))).sort();
        for (const id of rooms) await store().claimLease(id, gone, LONG);
        await expect(store().takeOverLeases(gone, b, LONG, 0)).rejects.toThrow(RangeError);
        // Halves, rounded up: 3 of 5, then 1 of the 2 left, then the last.
        const first = await store().takeOverLeases(gone, b, LONG, 2);
        const second = await store().takeOverLeases(gone, c, LONG, 2);
        const third = await store().takeOverLeases(gone, c, LONG, 2);
        expect([first.length, second.length, third.length]).toEqual([3, 1, 1]);
        expect([...first, ...second, ...third].sort()).toEqual(rooms);
        expect(await store().takeOverLeases(gone, b, LONG, 2)).toEqual([]);
        for (const id of first) expect(await store().leaseState(id)).toMatchObject({ owner: b });
        for (const id of [...second, ...third]) {
          expect(await store().leaseState(id)).toMatchObject({ owner: c });
        }
      });

      it('sweeps expired held leases of rooms in play, in batches, and nothing else', async () => {
        const { mine, theirs, released, expired } = await fourLeases();
        const finished = await createdRoom();
        await store().claimLease(finished, 'node-a', 20);
        await store().updateStatus(finished, 'finished');
        const second = await createdRoom();
        await store().claimLease(second, 'node-a', 20);
        await eventually(
          'expired',
          async () => (await store().leaseState(second))?.expired === true,
        );
        // Earlier tests of this store left expired leases too: sweep in batches of one until
        // nothing is left, each batch taking exactly one room.
        const sweeper = `node-${randomUUID()}`;
        const taken: string[] = [];
        for (;;) {
          const batch = await store().takeOverExpiredLeases(sweeper, LONG, 1);
          expect(batch.length).toBeLessThanOrEqual(1);
          if (batch.length === 0) break;
          taken.push(...batch);
        }
        expect(taken).toEqual(expect.arrayContaining([expired, second]));
        for (const id of [mine, theirs, released, finished]) expect(taken).not.toContain(id);
        for (const id of [expired, second]) {
          expect(await store().leaseState(id)).toMatchObject({ owner: sweeper, expired: false });
          expect((await store().renewLease(id, 'node-a', LONG)).status).toBe('lost');
        }
        expect(await store().leaseState(mine)).toMatchObject({ owner: 'node-a' });
        expect(await store().leaseState(finished)).toMatchObject({
          owner: 'node-a',
          expired: true,
        });
        expect(await store().takeOverExpiredLeases(sweeper, LONG, 10)).toEqual([]);
        await expect(store().takeOverExpiredLeases(sweeper, LONG, 0)).rejects.toThrow(RangeError);
      });

      it('lets another owner take an expired lease, and the old owner loses it', async () => {
        const id = await createdRoom();
        expect((await store().claimLease(id, 'node-a', 20)).status).toBe('claimed');
        await eventually('taken over by node-b', async () => {
          return (await store().claimLease(id, 'node-b', LONG)).status === 'claimed';
        });
        expect(await store().renewLease(id, 'node-a', LONG)).toEqual({ status: 'lost' });
        expect(await store().releaseLease(id, 'node-a')).toBe(false);
        expect(await store().claimLease(id, 'node-a', LONG)).toEqual({ status: 'held' });
        expect(await store().leaseState(id)).toMatchObject({ owner: 'node-b', expired: false });
      });

      it('does not renew an expired lease, but its owner may claim it again', async () => {
        const id = await createdRoom();
        await store().claimLease(id, 'node-a', 20);
        await eventually('expired', async () => (await store().leaseState(id))?.expired === true);
        expect(await store().leaseState(id)).toMatchObject({ owner: 'node-a', expired: true });
        expect(await store().renewLease(id, 'node-a', LONG)).toEqual({ status: 'lost' });
        expect((await store().claimLease(id, 'node-a', LONG)).status).toBe('claimed');
      });

      it('reports rooms that do not exist and refuses a non-positive ttl', async () => {
        expect(await store().claimLease('no-such-room', 'node-a', LONG)).toEqual({
          status: 'not_found',
        });
        expect(await store().renewLease('no-such-room', 'node-a', LONG)).toEqual({
          status: 'lost',
        });
        expect(await store().releaseLease('no-such-room', 'node-a')).toBe(false);
        expect(await store().leaseState('no-such-room')).toBeNull();
        const id = await createdRoom();
        await expect(store().claimLease(id, 'node-a', 0)).rejects.toThrow(RangeError);
      });

      it('is not needed to commit: the version compare-and-set is the fence', async () => {
        const id = await createdRoom();
        await store().claimLease(id, 'node-a', LONG);
        // A node that wrongly believes it owns the room still cannot overwrite a version.
        expect(await store().appendEvent(event(id, 0))).toMatchObject({ status: 'committed' });
        expect(await store().appendEvent(event(id, 0))).toMatchObject({ status: 'conflict' });
      });
    });

    describe('list and summary', () => {
      it('show public fields only: never token hashes, options or lease', async () => {
        const id = await createdRoom();
        await store().claimLease(id, 'node-secret-owner', 60_000);
        const summary = await store().roomSummary(id);
        expect(summary).toEqual({
          id,
          game: 'contract-game',
          rulesVersion: 3,
          seats: { corp: { kind: 'human' }, runner: { kind: 'bot', level: 'greedy' } },
          status: 'waiting',
          version: 0,
          outcome: null,
          publicVersion: null,
          createdAt: expect.any(Date),
          updatedAt: expect.any(Date),
        });
        const listed = await store().listRooms({ limit: 1000 });
        expect(listed.find((r) => r.id === id)).toEqual(summary);
        for (const text of [JSON.stringify(summary), JSON.stringify(listed)]) {
          expect(text).not.toContain(TOKEN_HASH_MARK);
          expect(text).not.toContain('tokenHash');
          expect(text).not.toContain(SEED_MARK);
          expect(text).not.toContain('node-secret-owner');
        }
      });

      it('record the version spectators are shown: by the lease holder only, and only upwards', async () => {
        const id = await createdRoom({ status: 'active' });
        await store().claimLease(id, 'node-a', 60_000);
        const shown = async () => (await store().roomSummary(id))?.publicVersion;
        expect(await store().recordPublicVersion(id, 4, 'node-b')).toBe(false);
        expect(await shown()).toBeNull();
        expect(await store().recordPublicVersion(id, 4, 'node-a')).toBe(true);
        expect(await store().recordPublicVersion(id, 3, 'node-a')).toBe(false);
        expect(await store().recordPublicVersion(id, 4, 'node-a')).toBe(false);
        expect(await shown()).toBe(4);
        expect(await store().recordPublicVersion(id, 6, 'node-a')).toBe(true);
        expect((await store().listRooms({ limit: 1000 })).find((r) => r.id === id)).toMatchObject({
          publicVersion: 6,
        });
        expect(await store().recordPublicVersion('no-such-room', 1, 'node-a')).toBe(false);
      });

      it('filters by status, lists newest first and honours the limit', async () => {
        const statuses: RoomStatus[] = ['waiting', 'active', 'finished', 'abandoned'];
        const ids: string[] = [];
        for (const status of statuses) ids.push(await createdRoom({ status }));

        const active = await store().listRooms({ status: 'active', limit: 1000 });
        expect(active.every((r) => r.status === 'active')).toBe(true);
        expect(active.map((r) => r.id)).toContain(ids[1]);

        const over = await store().listRooms({ status: ['finished', 'abandoned'], limit: 1000 });
        expect(over.map((r) => r.id)).toEqual(expect.arrayContaining([ids[2], ids[3]]));
        expect(over.some((r) => r.status === 'waiting' || r.status === 'active')).toBe(false);

        // Newest first; rooms created within one clock tick may tie, so only the order of the
        // creation times is checked.
        const all = await store().listRooms({ limit: 1000 });
        const times = all.map((r) => r.createdAt.getTime());
        expect(times).toEqual([...times].sort((x, y) => y - x));
        expect(all.map((r) => r.id)).toEqual(expect.arrayContaining(ids));

        expect(await store().listRooms({ limit: 2 })).toHaveLength(2);
        expect(await store().listRooms({ status: [] })).toEqual([]);
      });

      it('count the rooms in play by game and rules version, not the ended ones', async () => {
        // A game of its own: the file's other tests create rooms of `contract-game` meanwhile.
        const game = `count-game-${randomUUID()}`;
        const rooms: [RoomStatus, number][] = [
          ['waiting', 1],
          ['active', 1],
          ['active', 2],
          ['finished', 2],
          ['abandoned', 3],
        ];
        for (const [status, rulesVersion] of rooms)
          await createdRoom({ status, game, rulesVersion });
        const counts = await store().roomsInPlayByRulesVersion();
        expect(counts.filter((c) => c.game === game)).toEqual([
          { game, rulesVersion: 1, rooms: 2 },
          { game, rulesVersion: 2, rooms: 1 },
        ]);
      });

      it('say how a game ended once the commit that finished it is in', async () => {
        const finished = {
          roomStatus: 'finished' as const,
          roomOutcome: { winners: ['corp'], reason: 'agenda_points' },
        };
        // The usual grouped commit (one statement), with another room's plain event beside it.
        const [a, b] = [
          await createdRoom({ status: 'active' }),
          await createdRoom({ status: 'active' }),
        ];
        await store().commitBatch([event(a, 0, finished), event(b, 0)]);
        expect(await store().roomSummary(a)).toMatchObject({
          status: 'finished',
          version: 1,
          outcome: finished.roomOutcome,
        });
        expect(await store().roomSummary(b)).toMatchObject({ status: 'active', outcome: null });
        // Two events of one room in one batch (the transaction); a draw has no winner.
        const draw = {
          roomStatus: 'finished' as const,
          roomOutcome: { winners: [], reason: 'tie' },
        };
        const c = await createdRoom({ status: 'active' });
        await store().commitBatch([event(c, 0), event(c, 1, draw)]);
        const listed = await store().listRooms({ status: 'finished', limit: 1000 });
        expect(listed.find((r) => r.id === c)).toMatchObject({
          version: 2,
          outcome: draw.roomOutcome,
        });
        // A later event that says nothing of the outcome keeps it; a refused one changes nothing.
        await store().appendEvent(event(a, 1));
        expect(
          await store().appendEvent(
            event(c, 0, { roomOutcome: { winners: ['runner'], reason: 'flatline' } }),
          ),
        ).toMatchObject({ status: 'conflict' });
        expect((await store().roomSummary(a))?.outcome).toEqual(finished.roomOutcome);
        expect((await store().roomSummary(c))?.outcome).toEqual(draw.roomOutcome);
      });

      it('updateStatus changes the status and reports unknown rooms', async () => {
        const id = await createdRoom();
        const before = await store().roomSummary(id);
        expect(await store().updateStatus(id, 'active')).toBe(true);
        const after = await store().roomSummary(id);
        expect(after?.status).toBe('active');
        expect(after?.updatedAt.getTime()).toBeGreaterThanOrEqual(before?.updatedAt.getTime() ?? 0);
        expect(await store().updateStatus('no-such-room', 'active')).toBe(false);
      });

      it('abandons a room in play that no human seat played, only while holding its lease', async () => {
        const held = { lease: { owner: 'node-a', ttlMs: 60_000 }, status: 'active' as const };
        const unplayed = await createdRoom(held);
        // A bot's move is no sign of a player (the runner seat is the room's bot).
        const botMoved = await createdRoom(held);
        await store().appendEvent(event(botMoved, 0, { seat: 'runner' }));
        const humanMoved = await createdRoom(held);
        await store().appendEvent(event(humanMoved, 0));
        const others = await createdRoom({ ...held, lease: { owner: 'node-b', ttlMs: 60_000 } });
        const expired = await createdRoom({ ...held, lease: { owner: 'node-a', ttlMs: 20 } });
        const finished = await createdRoom({ ...held, status: 'finished' });
        await eventually(
          'expired',
          async () => (await store().leaseState(expired))?.expired === true,
        );

        for (const id of [humanMoved, others, expired, finished, 'no-such-room']) {
          expect(await store().abandonUnplayedRoom(id, 'node-a'), id).toBe(false);
        }
        expect((await store().roomSummary(humanMoved))?.status).toBe('active');
        expect(await store().leaseState(others)).toMatchObject({ owner: 'node-b' });
        expect((await store().roomSummary(finished))?.status).toBe('finished');

        for (const id of [unplayed, botMoved]) {
          expect(await store().abandonUnplayedRoom(id, 'node-a')).toBe(true);
          expect((await store().roomSummary(id))?.status).toBe('abandoned');
          expect(await store().leaseState(id)).toMatchObject({ owner: null, expired: true });
          // Terminal: not abandoned twice, its seats closed, not in play for listings.
          expect(await store().abandonUnplayedRoom(id, 'node-a')).toBe(false);
          expect(await store().claimSeat(id, 'corp', 'a'.repeat(64))).toBe('closed');
        }
        const inPlay = await store().listRooms({ status: ['waiting', 'active'], limit: 1000 });
        expect(inPlay.map((r) => r.id)).not.toContain(unplayed);
      });
    });

    describe('open seats', () => {
      const openSeats = (): NewRoom['seats'] => ({
        corp: { kind: 'human', tokenHash: `${TOKEN_HASH_MARK}corp` },
        runner: { kind: 'human', tokenHash: null },
      });

      it('show an open seat as open until it is claimed, and never the claimed hash', async () => {
        const id = await createdRoom({ seats: openSeats() });
        expect((await store().roomSummary(id))?.seats).toEqual({
          corp: { kind: 'human' },
          runner: { kind: 'human', open: true },
        });
        expect(await store().claimSeat(id, 'runner', `${TOKEN_HASH_MARK}runner`)).toBe('claimed');
        const summary = await store().roomSummary(id);
        expect(summary?.seats).toEqual({ corp: { kind: 'human' }, runner: { kind: 'human' } });
        expect(JSON.stringify(summary)).not.toContain(TOKEN_HASH_MARK);
        const loaded = await store().load(id);
        expect(loaded?.room.seats['runner']).toEqual({
          kind: 'human',
          tokenHash: `${TOKEN_HASH_MARK}runner`,
        });
        expect(loaded?.room.version).toBe(0);
      });

      it('refuse a taken, bot, unknown or finished seat and change nothing', async () => {
        const id = await createdRoom({
          seats: { ...openSeats(), bot: { kind: 'bot', level: 'greedy' } },
        });
        for (const seat of ['corp', 'bot', 'nobody', 'seats']) {
          expect(await store().claimSeat(id, seat, 'other-hash-0000000000')).toBe('taken');
        }
        expect((await store().load(id))?.room.seats).toEqual({
          ...openSeats(),
          bot: { kind: 'bot', level: 'greedy' },
        });
        const over = await createdRoom({ seats: openSeats(), status: 'finished' });
        expect(await store().claimSeat(over, 'runner', 'other-hash-0000000000')).toBe('closed');
        expect((await store().load(over))?.room.seats['runner']).toEqual({
          kind: 'human',
          tokenHash: null,
        });
        expect(await store().claimSeat('no-such-room', 'runner', 'h-0000000000000000')).toBe(
          'not_found',
        );
      });

      it(`let exactly one of two concurrent claims take a seat (${races} races)`, async () => {
        for (let i = 0; i < races; i++) {
          const id = await createdRoom({ seats: openSeats() });
          const results = await Promise.all([
            store().claimSeat(id, 'runner', 'first-claim-hash-0000'),
            store().claimSeat(id, 'runner', 'second-claim-hash-000'),
          ]);
          expect([...results].sort()).toEqual(['claimed', 'taken']);
          const winner =
            results[0] === 'claimed' ? 'first-claim-hash-0000' : 'second-claim-hash-000';
          expect((await store().load(id))?.room.seats['runner']).toEqual({
            kind: 'human',
            tokenHash: winner,
          });
        }
      });
    });
  });
}
