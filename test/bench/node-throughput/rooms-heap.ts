/**
 * Heap per live Netrunner room and per idle (persisted, unloaded) room on the real game node.
 * Rooms are stored with a mid-game snapshot (reached by seeded random self-play), then placed
 * on a node, which claims their leases and loads them (live); after the node's idle sweep has
 * unloaded them, they are idle. Heap is measured after full collections, against the node
 * with no rooms.
 */
import type { Bus } from '@veil/bus';
import { applyAction, newGame, persistGame, Rng, type GameSnapshot } from '@veil/engine';
import { netrunner, type NetrunnerState } from '@veil/netrunner';
import type { GameNode } from '@veil/game';
import type { RoomStore } from '@veil/store';
import { gzipSync } from 'node:zlib';
import { heapAfterGc, progress, round } from '../common/bench.js';
import { drawPlay } from './drawplay.js';
import { pool } from './durable-direct.js';
import { startBenchNode, TOKEN_HASH } from './via-node.js';

export interface RoomHeapFigures {
  rooms: number;
  actionsBeforeLoad: number;
  heapPerLiveRoomBytes: number;
  heapPerIdleRoomBytes: number;
  /** The same mid-game snapshots restored on their own, without the node's room bookkeeping. */
  snapshotJsonBytes: number;
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
  actions: number,
  /** Long enough that no room goes idle while the others are still being placed. */
  idleUnloadMs: number,
): Promise<RoomHeapFigures> {
  const node = await startBenchNode(store, bus, 'bench-heap-node', {
    games: [drawPlay, netrunner],
    idleUnloadMs,
  });
  try {
    progress(`rooms heap: storing ${rooms} Netrunner rooms after ${actions} random actions`);
    const ids = Array.from({ length: rooms }, (_, i) => `heap-${i}`);
    let jsonBytes = 0;
    let gzipBytes = 0;
    await pool(ids, 8, async (id) => {
      const persisted = persistGame(midGame(id, actions));
      const text = JSON.stringify(persisted);
      jsonBytes += Buffer.byteLength(text);
      gzipBytes += gzipSync(text).length;
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
        snapshot: persisted,
      });
    });
    // One place/unload cycle first, so that what the node builds once (statements, caches)
    // is in the baseline rather than counted against the rooms.
    await placeAll(node, ids.slice(0, 3));
    await unloaded(node);
    const base = heapAfterGc();
    await placeAll(node, ids);
    if (node.rooms().length !== rooms) throw new Error(`${node.rooms().length} rooms live`);
    const live = heapAfterGc();
    progress(`rooms heap: ${rooms} live; waiting for the idle sweep to unload them`);
    await unloaded(node);
    const idle = heapAfterGc();
    return {
      rooms,
      actionsBeforeLoad: actions,
      heapPerLiveRoomBytes: round((live - base) / rooms),
      heapPerIdleRoomBytes: round((idle - base) / rooms),
      snapshotJsonBytes: round(jsonBytes / rooms),
      snapshotGzipBytes: round(gzipBytes / rooms),
    };
  } finally {
    await node.stop();
  }
}

async function placeAll(node: GameNode, ids: readonly string[]): Promise<void> {
  await pool(ids, 8, async (id) => {
    const placed = await node.place(id);
    if (!placed.ok) throw new Error(`room ${id} not placed: ${JSON.stringify(placed)}`);
  });
}

/** Waits for the node's idle sweep to have unloaded every room. */
async function unloaded(node: GameNode): Promise<void> {
  const deadline = Date.now() + 120_000;
  while (node.rooms().length > 0 && Date.now() < deadline) {
    await new Promise((r) => setTimeout(r, 250));
  }
  if (node.rooms().length > 0) throw new Error('rooms were not unloaded');
}
