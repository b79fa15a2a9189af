import { randomInt } from 'node:crypto';
import type { Logger } from '@veil/log';
import type { RoomStore } from '@veil/store';

/** Default mean pause between two sweeps of a node. */
export const DEFAULT_LEASE_SWEEP_MS = 5_000;
/** Default most rooms one sweep takes. */
export const DEFAULT_LEASE_SWEEP_BATCH = 50;

export interface ExpiredLeaseSweepOptions {
  readonly nodeId: string;
  readonly store: RoomStore;
  readonly logger: Logger;
  readonly leaseTtlMs: number;
  /** Mean pause between sweeps; each pause is drawn from ±50 % of it. 0: no sweeps. */
  readonly intervalMs?: number;
  readonly batch?: number;
  /** Opens the rooms whose leases this node has just taken. */
  readonly onTaken: (roomIds: string[]) => Promise<void>;
}

/**
 * The sweep for rooms in play whose lease expired while a node held it (docs/operations.md,
 * "Takeover"): a node that let a room go when a commit failed, with the database down, could not
 * release its lease either, and a node that died unheard by any peer left its leases behind.
 * Nothing else places such a room until a client sends it a command, so a bot's turn would stall
 * for good. Each node takes a bounded batch of them now and then, by an indexed query that skips
 * rows another node is taking; the pauses are jittered so nodes started together do not sweep
 * together. A full batch sweeps again at once: a backlog drains at the batch's pace.
 */
export class ExpiredLeaseSweep {
  private timer: NodeJS.Timeout | null = null;
  private stopped = false;
  private readonly intervalMs: number;
  private readonly batch: number;

  constructor(private readonly options: ExpiredLeaseSweepOptions) {
    this.intervalMs = options.intervalMs ?? DEFAULT_LEASE_SWEEP_MS;
    this.batch = options.batch ?? DEFAULT_LEASE_SWEEP_BATCH;
  }

  start(): void {
    if (this.intervalMs > 0) this.schedule();
  }

  stop(): void {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
  }

  /** Takes one batch and opens it; answers how many rooms it took. */
  async sweep(): Promise<number> {
    const { store, nodeId, leaseTtlMs, logger } = this.options;
    let taken: string[];
    try {
      taken = await store.takeOverExpiredLeases(nodeId, leaseTtlMs, this.batch);
    } catch (error) {
      logger.warn('expired lease sweep failed', { error });
      return 0;
    }
    if (taken.length === 0) return 0;
    logger.info('taking over rooms with expired leases', { rooms: taken.length });
    await this.options.onTaken(taken);
    return taken.length;
  }

  /** Pauses are drawn from [interval/2, 3·interval/2] (not game randomness: no seed needed). */
  private schedule(
    delayMs = Math.floor(this.intervalMs / 2) + randomInt(this.intervalMs + 1),
  ): void {
    if (this.stopped) return;
    this.timer = setTimeout(() => {
      void this.sweep().then((taken) => this.schedule(taken >= this.batch ? 0 : undefined));
    }, delayMs);
  }
}
