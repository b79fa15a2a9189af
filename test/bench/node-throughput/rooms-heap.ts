/**
 * Heap per live Netrunner room and per idle (persisted, unloaded) room on the real game node.
 * Rooms are stored with a mid-game snapshot (reached by seeded random self-play; a few distinct
 * games, reused across rooms), then placed on a node, which claims their leases and loads them
 * (live); after the node's idle sweep has unloaded them, they are idle. Heap is measured after
 * full collections, against the node with no rooms. The live figure is split into the game
 * state itself (the same snapshots restored and held without a node) and the node's own
 * bookkeeping per room; the idle figure uses many rooms so that it stands out of the noise.
 */
import type { Bus } from '@veil/bus';
import {
  applyAction,
  newGame,
  persistGame,
  restoreGame,
  Rng,
  SharedValues,
  type GameSnapshot,
  type PersistedGame,
} from '@veil/engine';
import { netrunner, type NetrunnerState } from '@veil/netrunner';
import type { GameNode } from '@veil/game';
import type { RoomStore } from '@veil/store';
import { gzipSync } from 'node:zlib';
import { heapPartsAfterGc, progress, round } from '../common/bench.js';
import { drawPlay } from './drawplay.js';
import { pool } from './durable-direct.js';
import { startBenchNode, TOKEN_HASH } from './via-node.js';

export interface RoomHeapFigures {
  /** Rooms live at once for the live figure. */
  rooms: number;
  /** Rooms placed and then unloaded for the idle figure. */
  idleRooms: number;
  /** Distinct mid-game states, shared out over the rooms. */
  distinctGames: number;
  actionsBeforeLoad: number;
  /** Data only: the code V8 compiles meanwhile is the process's (see `heapPartsAfterGc`). */
  heapPerLiveRoomBytes: number;
  /** Compiled code that appeared while the live rooms were placed, divided by their number. */
  codePerLiveRoomBytes: number;
  /** Of that: the restored game state alone (the same snapshots held without a node). */
  heapPerGameStateBytes: number;
  /** The rest: the node's per-room bookkeeping (actor, queues, subscription, caches). */
  heapPerRoomOverheadBytes: number;
  /** Of the game state: its log (as restored), held on its own. */
  heapPerGameLogBytes: number;
  heapPerIdleRoomBytes: number;
  snapshotJsonBytes: number;
  snapshotLogJsonBytes: number;
  snapshotGzipBytes: number;
}

/** A mid-game state: `actions` random legal actions from the start. */
function midGame(seed: string, actions: number): GameSnapshot<NetrunnerState> {
  const rng = Rng.from(`bench:rooms-heap:${seed}`);
  let snapshot = newGame(netrunner, {}, seed);
  for (let i = 0; i < actions; i++) {
    if (snapshot.status !== 'active' || netrunner.outcome(snapshot)) break;
    const seat = rng.pick(netrunner.deciders(snapshot));
    snapshot = applyAction(
      netrunner,
      snapshot,
      seat,
      rng.pick(netrunner.legalActions(snapshot, seat)),
    );
  }
  return snapshot;
}

export async function measureRoomHeap(
  store: RoomStore,
  bus: Bus,
  rooms: number,
  idleRooms: number,
  actions: number,
  /** Long enough that no room goes idle while the live ones are being placed and measured. */
  idleUnloadMs: number,
): Promise<RoomHeapFigures> {
  const node = await startBenchNode(store, bus, 'bench-heap-node', {
    games: [drawPlay, netrunner],
    idleUnloadMs,
  });
  try {
    const total = Math.max(rooms, idleRooms);
    const distinct = Math.min(20, total);
    progress(`rooms heap: ${distinct} Netrunner games after ${actions} random actions`);
    const texts = Array.from({ length: distinct }, (_, i) =>
      JSON.stringify(persistGame(midGame(`heap-${i}`, actions))),
    );
    const jsonBytes = mean(texts.map((t) => Buffer.byteLength(t)));
    const gzipBytes = mean(texts.map((t) => gzipSync(t).length));
    const logBytes = mean(
      texts.map(
        (t) => JSON.stringify((JSON.parse(t) as { context: { log: unknown } }).context.log).length,
      ),
    );
    progress(`rooms heap: storing ${total} rooms`);
    const ids = Array.from({ length: total }, (_, i) => `heap-${i}`);
    await pool(ids, 8, async (id) => {
      const index = Number(id.slice(5)) % distinct;
      await store.createRoom({
        id,
        game: netrunner.id,
        rulesVersion: netrunner.rulesVersion,
        options: { seed: id },
        seats: {
          corp: { kind: 'human', tokenHash: TOKEN_HASH },
          runner: { kind: 'human', tokenHash: TOKEN_HASH },
        },
        status: 'active',
        snapshot: JSON.parse(texts[index] as string) as unknown,
      });
    });

    // The game states alone, restored from the same JSON, held side by side — through one
    // interning pool, as a game node restores its rooms, filled before the measurement.
    const shared = new SharedValues();
    for (const text of texts) restoreGame(netrunner, JSON.parse(text) as never, shared);
    let before = heapPartsAfterGc().data;
    let held: unknown[] = ids
      .slice(0, rooms)
      .map((_, i) =>
        restoreGame(
          netrunner,
          JSON.parse(texts[i % distinct] as string) as PersistedGame<NetrunnerState>,
          shared,
        ),
      );
    const statePerRoom = (heapPartsAfterGc().data - before) / rooms;
    held = [];
    before = heapPartsAfterGc().data;
    held = ids
      .slice(0, rooms)
      .map(
        (_, i) =>
          restoreGame(
            netrunner,
            JSON.parse(texts[i % distinct] as string) as PersistedGame<NetrunnerState>,
            shared,
          ).context.log,
      );
    const logPerRoom = (heapPartsAfterGc().data - before) / rooms;
    held = [];
    void held;

    // One place/unload cycle first, so that what the node builds once (statements, caches, the
    // pool's connections: as many rooms as `placeAll` places at once, twice) is in the baseline
    // rather than counted against the rooms.
    await placeAll(node, ids.slice(-16));
    await unloaded(node);
    const base = heapPartsAfterGc();
    progress(`rooms heap: placing ${rooms} rooms`);
    await placeAll(node, ids.slice(0, rooms));
    if (node.rooms().length !== rooms) throw new Error(`${node.rooms().length} rooms live`);
    const live = heapPartsAfterGc();
    progress(`rooms heap: placing ${total - rooms} more, then waiting for the idle sweep`);
    await placeAll(node, ids.slice(rooms));
    await unloaded(node);
    const idle = heapPartsAfterGc();
    const perLive = (live.data - base.data) / rooms;
    return {
      rooms,
      idleRooms: total,
      distinctGames: distinct,
      actionsBeforeLoad: actions,
      heapPerLiveRoomBytes: round(perLive),
      codePerLiveRoomBytes: round((live.code - base.code) / rooms),
      heapPerGameStateBytes: round(statePerRoom),
      heapPerRoomOverheadBytes: round(perLive - statePerRoom),
      heapPerGameLogBytes: round(logPerRoom),
      heapPerIdleRoomBytes: round((idle.data - base.data) / total),
      snapshotJsonBytes: round(jsonBytes),
      snapshotLogJsonBytes: round(logBytes),
      snapshotGzipBytes: round(gzipBytes),
    };
  } finally {
    await node.stop();
  }
}

function mean(values: readonly number[]): number {
  return values.reduce((a, b) => a + b, 0) / Math.max(1, values.length);
}

async function placeAll(node: GameNode, ids: readonly string[]): Promise<void> {
  await pool(ids, 8, async (id) => {
    const placed = await node.place(id);
    if (!placed.ok) throw new Error(`room ${id} not placed: ${JSON.stringify(placed)}`);
  });
}

/** Waits for the node's idle sweep to have unloaded every room. */
async function unloaded(node: GameNode): Promise<void> {
  const deadline = Date.now() + 300_000;
  while (node.rooms().length > 0 && Date.now() < deadline) {
    await new Promise((r) => setTimeout(r, 250));
  }
  if (node.rooms().length > 0) throw new Error('rooms were not unloaded');
}
