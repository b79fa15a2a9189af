import type { Bus, InProcessBroker } from '@veil/bus';
import type { AnyGameModule } from '@veil/engine';
import { createLogger, type Logger } from '@veil/log';
import { parlorGame } from '@veil/parlor';
import type { RoomStore } from '@veil/store';
import { afterEach, describe, expect, it } from 'vitest';
import { startGameNode, type GameNode } from './game-node.js';
import { gameRegistry } from './game-registry.js';
import { sendRoomCommand } from './room-client.js';
import { createParlorRoom, eventually, playFirstLegal, useMemoryWorld } from './test-support.js';

/** The parlor game as a build whose rules are at `rulesVersion` and still play `older`. */
function parlorAt(rulesVersion: number, older: number[] = []) {
  const module: AnyGameModule = { ...parlorGame.module, rulesVersion, olderRulesVersions: older };
  return gameRegistry([{ ...parlorGame, module }]);
}

describe('rooms of other rules versions (docs/architecture.md, "Rules versions")', () => {
  let broker: InProcessBroker;
  let store: RoomStore;
  let client: Bus;
  const nodes: GameNode[] = [];

  useMemoryWorld((world) => ({ broker, store, client } = world));

  afterEach(async () => {
    await Promise.all(nodes.splice(0).map((n) => n.stop()));
  });

  async function node(
    nodeId: string,
    games: ReturnType<typeof parlorAt>,
    leaseSweepMs = 0,
    logger?: Logger,
  ) {
    const started = await startGameNode({
      nodeId,
      store,
      bus: broker.connect(),
      games,
      leaseTtlMs: 300,
      leaseSweepMs,
      ...(logger ? { logger } : {}),
    });
    nodes.push(started);
    return started;
  }

  /** A room created and played two moves by a node at `rulesVersion`, which then crashes. */
  async function roomOfVersion(roomId: string, rulesVersion: number): Promise<void> {
    const builder = await node(`${roomId}-builder`, parlorAt(rulesVersion));
    await createParlorRoom(client, roomId);
    for (let i = 0; i < 2; i += 1) await playFirstLegal(client, roomId, `${roomId}-${i}`);
    await builder.stop(); // keeps the lease: it expires
  }

  it('goes on with a room of an older version its rules still play', async () => {
    await roomOfVersion('kept-room', 1);
    const upgraded = await node('kept-node', parlorAt(2, [1]));
    const played = await playFirstLegal(client, 'kept-room', 'kept-after');
    expect(played?.reply).toEqual({ ok: true, version: 3 });
    expect(upgraded.rooms()).toEqual(['kept-room']);
    expect((await store.roomRecord('kept-room'))?.rulesVersion).toBe(1);
  });

  it('refuses a room of a retired version, gives its lease back and does not sweep it again', async () => {
    await roomOfVersion('retired-room', 1);
    const upgraded = await node('retired-node', parlorAt(2), 50);
    // The sweep takes the expired lease, the load fails, and the lease is given back at once
    // (kept, it would run out and be swept again, every lease period, for good).
    await eventually(async () => (await store.leaseState('retired-room'))?.owner === null);
    const reply = await sendRoomCommand(client, 'retired-room', { type: 'sync', viewer: 'p1' });
    expect(reply).toMatchObject({ ok: false, error: { code: 'rules_retired' } });
    expect(upgraded.rooms()).not.toContain('retired-room');
    expect((await store.leaseState('retired-room'))?.owner).toBeNull();
  });

  it('warns when it starts of the rooms in play whose rules it does not play', async () => {
    await roomOfVersion('count-7a', 7);
    await roomOfVersion('count-7b', 7);
    await roomOfVersion('count-8', 8);
    await roomOfVersion('count-10', 10);
    const lines: string[] = [];
    await node(
      'count-node',
      parlorAt(9, [8]),
      0,
      createLogger({}, 'warn', (l) => lines.push(l)),
    );
    const warned = lines
      .map((line) => JSON.parse(line) as { msg: string; rulesVersion: number; rooms: number })
      .filter((w) => w.rulesVersion >= 7)
      .map(({ msg, rulesVersion, rooms }) => ({ msg, rulesVersion, rooms }));
    expect(warned).toEqual([
      { msg: 'rooms in play on retired rules: refused rules_retired', rulesVersion: 7, rooms: 2 },
      { msg: 'rooms in play on newer rules: left to an upgraded node', rulesVersion: 10, rooms: 1 },
    ]);
  });

  it('leaves a room of a newer version to a node that plays it', async () => {
    await roomOfVersion('newer-room', 2);
    const behind = await node('behind-node', parlorAt(1), 50);
    // A node not yet upgraded keeps the lease it swept: its expiry lets a peer's sweep have it.
    await eventually(async () => (await store.leaseState('newer-room'))?.owner === 'behind-node');
    const upgraded = await node('upgraded-node', parlorAt(2), 50);
    await eventually(() => upgraded.rooms().includes('newer-room'));
    expect(behind.rooms()).not.toContain('newer-room');
    const played = await playFirstLegal(client, 'newer-room', 'newer-after');
    expect(played?.reply).toEqual({ ok: true, version: 3 });
  });
});
