import type { Bus, BusSubscription } from '@veil/bus';
import type { Logger } from '@veil/log';
import { z } from 'zod';

/** Where game nodes announce that they are alive (every node hears every other, and itself). */
export const NODE_HEARTBEAT_SUBJECT = 'veil.nodes.heartbeat';

/** Default pause between two heartbeats of a node. */
export const DEFAULT_HEARTBEAT_MS = 500;
/** Default silence after which a node is taken for gone (four missed heartbeats). */
export const DEFAULT_LIVENESS_DEADLINE_MS = 2_000;

const heartbeatSchema = z.object({ nodeId: z.string().min(1).max(200) });

export interface NodeLivenessOptions {
  readonly nodeId: string;
  readonly bus: Bus;
  readonly logger: Logger;
  readonly heartbeatMs?: number;
  readonly deadlineMs?: number;
  /** Called once for each peer that has gone silent past the deadline. */
  readonly onPeerGone: (peerId: string) => void;
}

/**
 * Game nodes' liveness (docs/operations.md, "Takeover"): each node publishes a heartbeat and
 * listens to everyone's; a peer not heard from for `deadlineMs` is gone, and this node takes its
 * rooms over at once instead of waiting out their leases. Taking over is safe even when the peer
 * was only paused: commits are fenced on the lease owner (the store's `leaseOwner`).
 *
 * Two guards keep a node that is itself cut off from judging others: it judges only while it
 * hears its own heartbeats (its NATS connection works), and after a gap in its own timers (the
 * process was paused, or starved) it forgets what it knew, since the silence was its own.
 */
export class NodeLiveness {
  private readonly lastHeard = new Map<string, number>();
  private lastOwnHeartbeat = 0;
  private lastTick = Date.now();
  private timer: NodeJS.Timeout | null = null;
  private subscription: BusSubscription | null = null;
  private readonly heartbeatMs: number;
  private readonly deadlineMs: number;

  constructor(private readonly options: NodeLivenessOptions) {
    this.heartbeatMs = options.heartbeatMs ?? DEFAULT_HEARTBEAT_MS;
    this.deadlineMs = options.deadlineMs ?? DEFAULT_LIVENESS_DEADLINE_MS;
  }

  async start(): Promise<void> {
    this.subscription = await this.options.bus.subscribe(NODE_HEARTBEAT_SUBJECT, ({ data }) => {
      const parsed = heartbeatSchema.safeParse(data);
      if (!parsed.success) return;
      if (parsed.data.nodeId === this.options.nodeId) this.lastOwnHeartbeat = Date.now();
      else this.lastHeard.set(parsed.data.nodeId, Date.now());
    });
    this.timer = setInterval(() => this.tick(), this.heartbeatMs);
    this.beat();
  }

  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    await this.subscription?.unsubscribe().catch(() => undefined);
  }

  /** Peers heard from within the deadline. */
  peers(): string[] {
    return [...this.lastHeard.keys()];
  }

  private tick(): void {
    const now = Date.now();
    const gap = now - this.lastTick;
    this.lastTick = now;
    this.beat();
    if (gap > this.deadlineMs) {
      // This process did not run for a while: everyone's silence was ours. Start over.
      for (const peer of this.lastHeard.keys()) this.lastHeard.set(peer, now);
      this.lastOwnHeartbeat = now;
      return;
    }
    if (now - this.lastOwnHeartbeat > this.deadlineMs) return; // cut off from NATS ourselves
    for (const [peer, heard] of this.lastHeard) {
      if (now - heard <= this.deadlineMs) continue;
      this.lastHeard.delete(peer);
      this.options.logger.warn('game node gone', { peer, silentMs: now - heard });
      this.options.onPeerGone(peer);
    }
  }

  private beat(): void {
    try {
      this.options.bus.publish(NODE_HEARTBEAT_SUBJECT, { nodeId: this.options.nodeId });
    } catch (error) {
      this.options.logger.warn('heartbeat not sent', { error });
    }
  }
}
