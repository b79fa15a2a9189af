import type { CommitItem, CommitResult, RoomStore } from '@veil/store';
import { MAX_BATCH_ITEMS } from '@veil/store';

export interface CommitBatcherOptions {
  /**
   * How long the first item of a batch waits for company while a transaction slot is free
   * (default 0: only until the current turn of the event loop is done, so everything that
   * arrived together goes together). Under load batches form anyway, from what arrives while
   * `concurrency` transactions are in flight.
   */
  windowMs?: number;
  /** A batch is sent at once when it reaches this many items (default 100). */
  maxItems?: number;
  /**
   * Transactions in flight at once (default 2). While one batch is in the database the next
   * one gathers and goes out on another connection, instead of waiting for the first to finish:
   * on a server with more than one core this both shortens the wait of an act and raises the
   * number of commits per second. Items of a room that is in a batch in flight wait for it.
   */
  concurrency?: number;
  /**
   * While a batch is in flight, another goes out beside it only once this many items wait
   * (default 16). Below that the next batch waits for the one in flight and so gathers more
   * items: a transaction costs the database nearly as much for one item as for twenty, so at a
   * moderate rate fewer, larger batches leave more CPU to everything else, and acks come as soon.
   */
  overlapAtItems?: number;
}

interface Waiting {
  readonly item: CommitItem;
  readonly resolve: (result: CommitResult) => void;
  readonly reject: (error: unknown) => void;
}

/**
 * Grouped commit: the acts of every room on the node are gathered for a short window (or until
 * `maxItems`) and committed with one `store.commitBatch` — one transaction, one fsync — while
 * each item keeps its own compare-and-set. At most `concurrency` batches are in flight; what
 * arrives meanwhile forms the next ones, so batches grow with the load instead of the number of
 * transactions. Each caller's promise settles with its own item's result, and rejects (with
 * every other item of its batch) only when the transaction failed, in which case nothing of that
 * batch was committed. A room's items are committed in the order they were handed over: a room
 * is never in two batches in flight at once.
 */
export class CommitBatcher {
  private readonly windowMs: number;
  private readonly maxItems: number;
  private readonly concurrency: number;
  private readonly overlapAtItems: number;
  private waiting: Waiting[] = [];
  private timer: NodeJS.Timeout | NodeJS.Immediate | null = null;
  private readonly inFlight = new Set<Promise<void>>();
  /** Rooms with an item in a batch in flight, and how many. */
  private readonly busyRooms = new Map<string, number>();
  private sent = { batches: 0, items: 0 };

  constructor(
    private readonly store: RoomStore,
    options: CommitBatcherOptions = {},
  ) {
    this.windowMs = options.windowMs ?? 0;
    this.maxItems = Math.min(options.maxItems ?? 100, MAX_BATCH_ITEMS);
    this.concurrency = Math.max(1, Math.floor(options.concurrency ?? 2));
    this.overlapAtItems = Math.max(1, Math.floor(options.overlapAtItems ?? 16));
  }

  commit(item: CommitItem): Promise<CommitResult> {
    return new Promise<CommitResult>((resolve, reject) => {
      this.waiting.push({ item, resolve, reject });
      this.schedule();
    });
  }

  /** Transactions sent and the items they carried, since start (for logs and benchmarks). */
  stats(): { batches: number; items: number } {
    return { ...this.sent };
  }

  /** Resolves once every item handed over so far has been committed or refused. */
  async settled(): Promise<void> {
    while (this.inFlight.size > 0 || this.waiting.length > 0) {
      if (this.inFlight.size > 0) await Promise.race(this.inFlight);
      else this.sendNow();
    }
  }

  private schedule(): void {
    // A batch in flight sends the next one when it is done.
    if (!this.mayStartBatch()) return;
    if (this.waiting.length >= this.maxItems) this.sendNow();
    else if (this.timer === null) {
      this.timer =
        this.windowMs > 0
          ? setTimeout(() => this.sendNow(), this.windowMs)
          : setImmediate(() => this.sendNow());
    }
  }

  /** A free transaction slot, and enough waiting to use it beside any batch in flight. */
  private mayStartBatch(): boolean {
    if (this.inFlight.size >= this.concurrency || this.waiting.length === 0) return false;
    return this.inFlight.size === 0 || this.waiting.length >= this.overlapAtItems;
  }

  private sendNow(): void {
    this.clearTimer();
    if (!this.mayStartBatch()) return;
    const batch = this.takeBatch();
    if (batch.length === 0) return; // every waiting room is in flight: its batch sends the rest
    this.sent.batches += 1;
    this.sent.items += batch.length;
    for (const w of batch)
      this.busyRooms.set(w.item.roomId, (this.busyRooms.get(w.item.roomId) ?? 0) + 1);
    const flight: Promise<void> = this.send(batch, () => this.land(flight, batch));
    this.inFlight.add(flight);
    // Still room for another batch: what is waiting now may go out after its own window.
    this.schedule();
  }

  /**
   * A batch is back from the database: its slot and rooms are free again, and what waited for
   * it goes out **now**, before the batch's own callers run — their acks and views are most of
   * the node's work per item, and the next round trip is better spent under that work than
   * after it. The batch's rooms are free again first: a room's next item may go out now, its
   * previous one being committed, so a room's commits keep their order.
   */
  private land(flight: Promise<void>, batch: readonly Waiting[]): void {
    this.inFlight.delete(flight);
    for (const w of batch) {
      const left = (this.busyRooms.get(w.item.roomId) ?? 1) - 1;
      if (left > 0) this.busyRooms.set(w.item.roomId, left);
      else this.busyRooms.delete(w.item.roomId);
    }
    // These items have waited a whole round trip already: no window for them.
    if (this.waiting.length > 0) this.sendNow();
    else this.schedule();
  }

  private clearTimer(): void {
    if (this.timer === null) return;
    if ('hasRef' in this.timer && 'refresh' in this.timer) clearTimeout(this.timer);
    else clearImmediate(this.timer);
    this.timer = null;
  }

  /** Up to `maxItems` waiting items in order, leaving (in order) those of rooms in flight. */
  private takeBatch(): Waiting[] {
    if (this.busyRooms.size === 0 && this.waiting.length <= this.maxItems) {
      const all = this.waiting;
      this.waiting = [];
      return all;
    }
    const batch: Waiting[] = [];
    const kept: Waiting[] = [];
    for (const w of this.waiting) {
      if (batch.length < this.maxItems && !this.busyRooms.has(w.item.roomId)) batch.push(w);
      else kept.push(w);
    }
    this.waiting = kept;
    return batch;
  }

  /** Commits `batch`, calls `landed` once the database has answered, then settles each item. */
  private async send(batch: readonly Waiting[], landed: () => void): Promise<void> {
    // One microtask first, so that `landed` can never run before `sendNow` has recorded this
    // flight, even with a store that throws at once.
    await Promise.resolve();
    let results: CommitResult[];
    try {
      results = await this.store.commitBatch(batch.map((w) => w.item));
    } catch (error) {
      landed();
      for (const w of batch) w.reject(error);
      return;
    }
    landed();
    batch.forEach((w, i) => {
      const result = results[i];
      if (result) w.resolve(result);
      else w.reject(new Error('commitBatch returned fewer results than items'));
    });
  }
}
