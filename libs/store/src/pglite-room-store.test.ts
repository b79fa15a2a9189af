import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { Kysely } from 'kysely';
import { describe, expect, it } from 'vitest';
import { migrateStoreTo, storeMigrations } from './migrations.js';
import { openPgliteRoomStore } from './open-room-store.js';
import { pgliteDialect } from './pglite-dialect.js';
import { describeRoomStoreContract } from './room-store.contract.js';

// The embedded default: the RoomStore contract over PGlite, in memory and on disk.

describeRoomStoreContract('PGlite in memory', async (options) => {
  const store = await openPgliteRoomStore({ migrate: options?.migrate ?? true });
  return { store, cleanup: () => store.close() };
});

describeRoomStoreContract('PGlite on disk', async (options) => {
  const dataDir = await mkdtemp(join(tmpdir(), 'veil-store-'));
  const store = await openPgliteRoomStore({ dataDir, migrate: options?.migrate ?? true });
  return {
    store,
    cleanup: async () => {
      await store.close();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
});

describe('PGlite in memory', () => {
  it('writes nothing to the working directory', async () => {
    const stray = join(process.cwd(), 'memory:');
    await rm(stray, { recursive: true, force: true });
    const store = await openPgliteRoomStore({});
    await store.close();
    expect(existsSync(stray)).toBe(false);
  });
});

describe('PGlite on disk', () => {
  it('keeps rooms, events, snapshots and migrations across a restart', async () => {
    const dataDir = await mkdtemp(join(tmpdir(), 'veil-store-'));
    try {
      const first = await openPgliteRoomStore({ dataDir });
      await first.createRoom({
        id: 'durable',
        game: 'g',
        rulesVersion: 1,
        options: {},
        seats: { corp: { kind: 'human', tokenHash: 'h' } },
        snapshot: { at: 0 },
      });
      await first.appendEvent({
        roomId: 'durable',
        expectedVersion: 0,
        seat: 'corp',
        requestId: 'r1',
        action: { type: 'draw' },
      });
      await first.close();

      const second = await openPgliteRoomStore({ dataDir, migrate: false });
      try {
        expect(await second.migrate()).toEqual({ applied: [] });
        const loaded = await second.load('durable');
        expect(loaded?.room.version).toBe(1);
        expect(loaded?.snapshot.snapshot).toEqual({ at: 0 });
        expect(loaded?.events.map((e) => e.action)).toEqual([{ type: 'draw' }]);
      } finally {
        await second.close();
      }
    } finally {
      await rm(dataDir, { recursive: true, force: true });
    }
  }, 180_000);

  it('upgrades a database of an earlier release, keeping its rooms', async () => {
    const dataDir = await mkdtemp(join(tmpdir(), 'veil-store-'));
    const names = Object.keys(storeMigrations).sort();
    const earlier = '0005_index_rooms_by_recency';
    try {
      const first = await openPgliteRoomStore({ dataDir });
      await first.createRoom({
        id: 'kept',
        game: 'g',
        rulesVersion: 1,
        options: {},
        seats: { corp: { kind: 'human', tokenHash: 'h' } },
        snapshot: { zz: 0, a: [1] },
      });
      await first.close();
      // Back to where `earlier` left the schema, with each later migration's own `down`.
      const db = new Kysely<unknown>({ dialect: pgliteDialect(await PGlite.create(dataDir)) });
      expect(await migrateStoreTo(db, earlier)).toEqual({
        applied: names.filter((n) => n > earlier).reverse(),
      });
      await expect(migrateStoreTo(db, '0099_unknown')).rejects.toThrow('no store migration');
      await db.destroy();

      const upgraded = await openPgliteRoomStore({ dataDir, migrate: false });
      try {
        expect(await upgraded.migrate()).toEqual({ applied: names.filter((n) => n > earlier) });
        expect((await upgraded.load('kept'))?.snapshot.snapshot).toEqual({ zz: 0, a: [1] });
        expect(await upgraded.roomSummary('kept')).toMatchObject({ version: 0, outcome: null });
      } finally {
        await upgraded.close();
      }
    } finally {
      await rm(dataDir, { recursive: true, force: true });
    }
  }, 180_000);
});
