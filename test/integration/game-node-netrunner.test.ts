import type { Bus } from '@veil/bus';
import { canonicalJson, Rng, type AnyGameModule } from '@veil/engine';
import { gameRegistry, loadRoomState, sendRoomCommand } from '@veil/game';
import { netrunner, type NetrunnerAction, type NetrunnerView } from '@veil/netrunner';
import {
  createRoomCommandReplySchema,
  ROOMS_CREATE_SUBJECT,
  type CreateRoomCommandInput,
} from '@veil/protocol';
import { openPostgresRoomStore, type RoomStore } from '@veil/store';
import type pg from 'pg';
import { afterAll, beforeAll, expect, it } from 'vitest';
import {
  createTestDatabase,
  describeWithServices,
  services,
  type ManagedProcess,
} from '../support/index.js';
import {
  act,
  connectClient,
  openDb,
  replayStoredRoom,
  startGameNodeProcess,
  TOKEN_HASH,
} from './game-node-support.js';

// A Netrunner room played through a real game node (`veil start`, VEIL_ROLE=game) over NATS and
// Postgres: every action through the node, each seat seeing only its own view.

const ACTIONS = 120;
const ROOM = 'netrunner-1';
const module = netrunner as unknown as AnyGameModule;

describeWithServices('game node: a Netrunner room over NATS and Postgres', () => {
  let db: pg.Client;
  let store: RoomStore;
  let client: Bus;
  let node: ManagedProcess | undefined;

  beforeAll(async () => {
    const { natsUrl } = services();
    const databaseUrl = await createTestDatabase('game_netrunner');
    db = await openDb(databaseUrl);
    store = await openPostgresRoomStore({ connectionString: databaseUrl, maxConnections: 2 });
    node = await startGameNodeProcess('netrunner-node', { databaseUrl, natsUrl });
    client = await connectClient(natsUrl, 'netrunner-test');
  });

  afterAll(async () => {
    await client?.close();
    await node?.stop();
    await store?.close();
    await db?.end();
  });

  const view = async (seat: 'corp' | 'runner' | 'spectator') => {
    const reply = await sendRoomCommand(client, ROOM, { type: 'sync', viewer: seat });
    if (!reply.ok || !reply.view) throw new Error(`sync refused: ${JSON.stringify(reply)}`);
    return { version: reply.view.version, view: reply.view.view as unknown as NetrunnerView };
  };

  it('plays 120 actions, each seat sees its own projection, and the store replays', async () => {
    const input: CreateRoomCommandInput = {
      roomId: ROOM,
      game: 'netrunner',
      seats: {
        corp: { kind: 'human', tokenHash: TOKEN_HASH },
        runner: { kind: 'human', tokenHash: TOKEN_HASH },
      },
      options: { seed: 7 },
    };
    const created = createRoomCommandReplySchema.parse(
      await client.request(ROOMS_CREATE_SUBJECT, input, { timeoutMs: 30_000 }),
    );
    expect(created.ok).toBe(true);

    const rng = Rng.from('game-node-netrunner');
    let played = 0;
    for (; played < ACTIONS; played += 1) {
      const { view: spectator } = await view('spectator');
      if (spectator.outcome) break;
      const seat = rng.pick(spectator.deciders);
      const own = await view(seat);
      const legal = own.view.legalActions ?? [];
      expect(legal.length, `${seat} decides at ${own.version}`).toBeGreaterThan(0);
      const action: NetrunnerAction = rng.pick(legal);
      const reply = await act(client, ROOM, seat, own.version, action, `nr-${played}`);
      expect(reply.ok, JSON.stringify(reply)).toBe(true);
      if (reply.ok) expect(reply.version).toBe(own.version + 1);
    }
    expect(played).toBeGreaterThan(20);

    // What the node sends each viewer is the rules' projection of the stored state.
    const loaded = await loadRoomState(store, gameRegistry([module]), ROOM);
    for (const viewer of ['corp', 'runner', 'spectator'] as const) {
      const sent = await view(viewer);
      expect(sent.version).toBe(loaded.version);
      expect(canonicalJson(sent.view)).toBe(
        canonicalJson({ ...netrunner.view(loaded.snapshot as never, viewer) }),
      );
    }

    // The stored snapshots are what replaying the stored events gives.
    const replay = await replayStoredRoom(db, ROOM, module);
    expect(replay.events).toBe(played);
    expect(replay.compared).toBeGreaterThan(1);
    expect(replay.mismatched).toEqual([]);
  });
});
