import type { Bus, BusSubscription } from '@veil/bus';
import type { Logger } from '@veil/log';
import { ROOMS_MOVED_SUBJECT, roomMovedSchema } from '@veil/protocol';

/** One wait for a room's next move: `moved` settles when it is announced; `cancel` stops it. */
export interface MoveWait {
  readonly moved: Promise<void>;
  cancel(): void;
}

/**
 * What the gateway hears of rooms taken over (`veil.rooms.moved`, docs/operations.md,
 * "Takeover"): a command it has out to a room that just moved is sent again at once, since the
 * node it went to may be hung and answer only at the request's timeout.
 */
export class RoomMoves {
  private readonly waiting = new Map<string, Set<() => void>>();

  private constructor(private subscription: BusSubscription | null) {}

  static async start(bus: Bus, logger: Logger): Promise<RoomMoves> {
    let moves: RoomMoves | null = null;
    const subscription = await bus.subscribe(ROOMS_MOVED_SUBJECT, ({ data }) => {
      const parsed = roomMovedSchema.safeParse(data);
      if (!parsed.success) {
        logger.warn('malformed room move announcement');
        return;
      }
      moves?.announce(parsed.data.roomId);
    });
    moves = new RoomMoves(subscription);
    return moves;
  }

  /** Waits for the room's next announced move. */
  next(roomId: string): MoveWait {
    let wake!: () => void;
    const moved = new Promise<void>((resolve) => (wake = resolve));
    const waiters = this.waiting.get(roomId) ?? new Set();
    waiters.add(wake);
    this.waiting.set(roomId, waiters);
    const cancel = () => {
      waiters.delete(wake);
      if (waiters.size === 0 && this.waiting.get(roomId) === waiters) this.waiting.delete(roomId);
    };
    return { moved, cancel };
  }

  async stop(): Promise<void> {
    await this.subscription?.unsubscribe().catch(() => undefined);
    this.subscription = null;
  }

  private announce(roomId: string): void {
    const waiters = this.waiting.get(roomId);
    if (!waiters) return;
    this.waiting.delete(roomId);
    for (const wake of waiters) wake();
  }
}
