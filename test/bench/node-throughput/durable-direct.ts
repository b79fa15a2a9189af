/**
 * (b) Veil durable, engine + store directly: per move `applyAction`, then the event (and a
 * snapshot when the store's snapshot policy says so) committed with per-room compare-and-set
 * through grouped `commitBatch` transactions, and only then each seat's view serialized. Many
 * rooms play at once, as on a node, so that commits group (with the node's own `CommitBatcher`).
 * This is the game node's commit path without its bus, lease and actor bookkeeping (that is
 * `via-node.ts`).
 */
import { applyAction, newGame, persistGame, type GameSnapshot } from '@veil/engine';
import { JsonText, snapshotReason, type CommitItem, type RoomStore } from '@veil/store';
import { deckCount, DRAWPLAY_SEATS, drawPlay, policyMove, type DrawPlayState } from './drawplay.js';

/**
 * `policy`: the store's snapshot policy (creation, every K events, the end; a quiet room waiting
 * on a human is snapshotted by the node when it goes quiet, which never happens in this tight
 * loop). `every-move`: a snapshot with every move, as the first policy did for human seats
 * (every state of this game waits on a human) — kept for comparison.
 */
export type SnapshotMode = 'policy' | 'every-move';

export interface DurableResult {
  moves: number;
  ms: number;
  viewBytes: number;
  batches: number;
  /** Total milliseconds spent inside `commitBatch` calls. */
  batchMs: number;
  snapshots: number;
}

export async function createDurableRooms(
  store: RoomStore,
  ids: readonly string[],
  movesPerMatch: number,
): Promise<void> {
  await pool(ids, 8, async (id) => {
    const snapshot = newGame(drawPlay, { moves: movesPerMatch }, id);
    await store.createRoom({
      id,
      game: drawPlay.id,
      rulesVersion: drawPlay.rulesVersion,
      options: { seed: id, gameOptions: { moves: movesPerMatch } },
      seats: { p1: { kind: 'human', tokenHash: null }, p2: { kind: 'human', tokenHash: null } },
      status: 'active',
      snapshot: persistGame(snapshot),
    });
  });
}

export async function playDurable(
  store: RoomStore,
  ids: readonly string[],
  movesPerMatch: number,
  concurrency: number,
  mode: SnapshotMode,
  onProgress?: (message: string) => void,
): Promise<DurableResult> {
  const result: DurableResult = {
    moves: 0,
    ms: 0,
    viewBytes: 0,
    batches: 0,
    batchMs: 0,
    snapshots: 0,
  };
  // The game node's own batcher, over a store that times each transaction.
  const { CommitBatcher } = await import('@veil/game');
  const timed: RoomStore = Object.assign(Object.create(store) as RoomStore, {
    commitBatch: async (items: readonly CommitItem[]) => {
      const t0 = performance.now();
      try {
        return await store.commitBatch(items);
      } finally {
        result.batches++;
        result.batchMs += performance.now() - t0;
      }
    },
  });
  const batcher = new CommitBatcher(timed);
  const ticker = setInterval(
    () => onProgress?.(`  (b) ${mode}: ${result.moves} moves, ${result.batches} batches`),
    5_000,
  );
  const t0 = performance.now();
  await pool(ids, concurrency, async (id) => {
    let snapshot: GameSnapshot<DrawPlayState> = newGame(drawPlay, { moves: movesPerMatch }, id);
    let version = 0;
    let lastSnapshot = 0;
    while (snapshot.status === 'active') {
      const state = snapshot.context;
      const seat = state.active;
      const action = { type: policyMove(state.hands[seat].length, deckCount(state)) };
      const next = applyAction(drawPlay, snapshot, seat, action);
      const finished = next.status !== 'active';
      const reason =
        mode === 'every-move'
          ? 'every-move'
          : snapshotReason({ version: version + 1, lastSnapshotVersion: lastSnapshot, finished });
      const item: CommitItem = {
        roomId: id,
        expectedVersion: version,
        seat,
        requestId: `move-${version + 1}`,
        action,
        ack: { ok: true, version: version + 1 },
      };
      // Serialized once, as the game node does (room-snapshots.ts).
      if (reason) {
        item.snapshot = JsonText.of({
          value: next.value,
          context: next.context,
          status: next.status,
        });
      }
      if (finished) item.roomStatus = 'finished';
      const committed = await batcher.commit(item);
      if (committed.status !== 'committed') {
        throw new Error(`room ${id}: commit refused: ${JSON.stringify(committed)}`);
      }
      version = committed.version;
      if (reason) {
        lastSnapshot = version;
        result.snapshots++;
      }
      snapshot = next;
      for (const viewer of DRAWPLAY_SEATS) {
        result.viewBytes += JSON.stringify(drawPlay.view(snapshot, viewer)).length;
      }
      result.moves++;
    }
  });
  result.ms = performance.now() - t0;
  clearInterval(ticker);
  return result;
}

/** Runs `work` over `items`, at most `limit` at a time. */
export async function pool<T>(
  items: readonly T[],
  limit: number,
  work: (item: T) => Promise<void>,
): Promise<void> {
  let next = 0;
  const worker = async (): Promise<void> => {
    while (next < items.length) await work(items[next++] as T);
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
}
