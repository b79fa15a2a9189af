/**
 * (b) Veil durable, engine + store directly: per move `applyAction`, then the event (and a
 * snapshot when the store's snapshot policy says so) committed with per-room compare-and-set
 * through grouped `commitBatch` transactions, and only then each seat's view serialized. Many
 * rooms play at once, as on a node, so that commits group. This is the game node's commit path
 * without its bus, lease and actor bookkeeping (that is `durable-node.ts`).
 */
import { applyAction, newGame, persistGame, type GameSnapshot } from '@veil/engine';
import {
  MAX_BATCH_ITEMS,
  snapshotReason,
  type CommitItem,
  type CommitResult,
  type RoomStore,
} from '@veil/store';
import { DRAWPLAY_SEATS, drawPlay, policyMove, type DrawPlayState } from './drawplay.js';

/** `humans`: both seats human, so every state that waits on them is snapshotted (the policy). */
export type SnapshotMode = 'humans' | 'interval';

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
  const batcher = new Batcher(store, (ms) => {
    result.batches++;
    result.batchMs += ms;
  });
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
      const action = { type: policyMove(state.hands[seat].length, state.deck.length) };
      const next = applyAction(drawPlay, snapshot, seat, action);
      const finished = next.status !== 'active';
      const reason = snapshotReason({
        version: version + 1,
        lastSnapshotVersion: lastSnapshot,
        waitingOnHumans: mode === 'humans' && !finished,
        finished,
      });
      const item: CommitItem = {
        roomId: id,
        expectedVersion: version,
        seat,
        requestId: `move-${version + 1}`,
        action,
        ack: { ok: true, version: version + 1 },
      };
      if (reason) item.snapshot = persistGame(next);
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

interface Waiting {
  readonly item: CommitItem;
  readonly resolve: (result: CommitResult) => void;
  readonly reject: (error: unknown) => void;
}

/**
 * Grouped commit, as the game node's CommitBatcher does it: one `commitBatch` in flight; what
 * arrives meanwhile forms the next batch (the first item waits at most 2 ms for company).
 */
class Batcher {
  private waiting: Waiting[] = [];
  private timer: NodeJS.Timeout | null = null;
  private inFlight = false;

  constructor(
    private readonly store: RoomStore,
    private readonly onBatch: (ms: number) => void,
  ) {}

  commit(item: CommitItem): Promise<CommitResult> {
    return new Promise((resolve, reject) => {
      this.waiting.push({ item, resolve, reject });
      if (!this.inFlight) this.timer ??= setTimeout(() => void this.send(), 2);
    });
  }

  private async send(): Promise<void> {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    if (this.inFlight || this.waiting.length === 0) return;
    this.inFlight = true;
    const batch = this.waiting.splice(0, MAX_BATCH_ITEMS);
    try {
      const t0 = performance.now();
      const results = await this.store.commitBatch(batch.map((w) => w.item));
      this.onBatch(performance.now() - t0);
      batch.forEach((w, i) => {
        const r = results[i];
        if (r) w.resolve(r);
        else w.reject(new Error('commitBatch returned fewer results than items'));
      });
    } catch (error) {
      for (const w of batch) w.reject(error);
    } finally {
      this.inFlight = false;
      if (this.waiting.length > 0) void this.send();
    }
  }
}
