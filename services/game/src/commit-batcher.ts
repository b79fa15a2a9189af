import type { CommitItem, CommitResult, RoomStore } from '@veil/store';
import { MAX_BATCH_ITEMS } from '@veil/store';

export interface CommitBatcherOptions {
  /** How long the first item of a batch waits for company (default 2 ms). */
  windowMs?: number;
  /** A batch is sent at once when it reaches this many items (default 100). */
  maxItems?: number;
}

interface Waiting {
  readonly item: CommitItem;
  readonly resolve: (result: CommitResult) => void;
  readonly reject: (error: unknown) => void;
}

/**
 * Grouped commit: the acts of every room on the node are gathered for a short window (or until
 * `maxItems`) and committed with one `store.commitBatch` — one transaction, one fsync — while
 * each item keeps its own compare-and-set. One batch is in flight at a time; what arrives
 * meanwhile forms the next one, so batches grow with the load instead of the number of
 * transactions. Each caller's promise settles with its own item's result, and rejects (with
 * every other item of its batch) only when the transaction failed, in which case nothing of that
 * batch was committed.
 */
export class CommitBatcher {
  private readonly windowMs: number;
  private readonly maxItems: number;
  private waiting: Waiting[] = [];
  private timer: NodeJS.Timeout | null = null;
  private inFlight: Promise<void> | null = null;
  private sent = { batches: 0, items: 0 };

  constructor(
    private readonly store: RoomStore,
    options: CommitBatcherOptions = {},
  ) {
    this.windowMs = options.windowMs ?? 2;
    this.maxItems = Math.min(options.maxItems ?? 100, MAX_BATCH_ITEMS);
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
    while (this.inFlight || this.waiting.length > 0) {
      if (this.inFlight) await this.inFlight;
      else this.sendNow();
    }
  }

  private schedule(): void {
    if (this.inFlight) return; // the batch in flight sends the next one when it is done
    if (this.waiting.length >= this.maxItems) this.sendNow();
    else this.timer ??= setTimeout(() => this.sendNow(), this.windowMs);
  }

  private sendNow(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    if (this.inFlight || this.waiting.length === 0) return;
    const batch = this.waiting.splice(0, this.maxItems);
    this.sent.batches += 1;
    this.sent.items += batch.length;
    this.inFlight = this.send(batch).finally(() => {
      this.inFlight = null;
      if (this.waiting.length > 0) this.schedule();
    });
  }

  private async send(batch: readonly Waiting[]): Promise<void> {
    try {
      const results = await this.store.commitBatch(batch.map((w) => w.item));
      batch.forEach((w, i) => {
        const result = results[i];
        if (result) w.resolve(result);
        else w.reject(new Error('commitBatch returned fewer results than items'));
      });
    } catch (error) {
      for (const w of batch) w.reject(error);
    }
  }
}
