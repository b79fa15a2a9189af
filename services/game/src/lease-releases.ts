import type { Logger } from '@veil/log';
import type { RoomStore } from '@veil/store';

/** Leases released per statement, as many as a renewal renews. */
const RELEASE_CHUNK = 250;

interface Waiting {
  readonly roomId: string;
  readonly settle: (released: boolean) => void;
}

/**
 * Gives up the leases of the rooms a node lets go, many in one statement: the rooms one idle
 * sweep unloads, or every room of a draining node, would otherwise cost a transaction — and a
 * flush to disk — each, in the way of the commits. Releases asked for in the same turn of the
 * event loop go together. A release that fails is logged and answered `false`: the lease then
 * only expires, as a crashed node's would.
 */
export class LeaseReleases {
  private waiting: Waiting[] = [];
  private scheduled = false;

  constructor(
    private readonly store: RoomStore,
    private readonly owner: string,
    private readonly logger: Logger,
  ) {}

  /** Resolves once the lease is given up (`true`), was not this node's, or failed (`false`). */
  release(roomId: string): Promise<boolean> {
    return new Promise((settle) => {
      this.waiting.push({ roomId, settle });
      if (this.scheduled) return;
      this.scheduled = true;
      setImmediate(() => void this.releaseWaiting());
    });
  }

  private async releaseWaiting(): Promise<void> {
    const waiting = this.waiting;
    this.waiting = [];
    this.scheduled = false;
    for (let i = 0; i < waiting.length; i += RELEASE_CHUNK) {
      const chunk = waiting.slice(i, i + RELEASE_CHUNK);
      let released: Set<string>;
      try {
        released = await this.store.releaseLeases(
          chunk.map((w) => w.roomId),
          this.owner,
        );
      } catch (error) {
        this.logger.warn('lease release failed', { rooms: chunk.length, error });
        released = new Set();
      }
      for (const w of chunk) w.settle(released.has(w.roomId));
    }
  }
}
