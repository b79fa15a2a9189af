import { isBusError, type Bus, type BusSubscription } from '@veil/bus';
import type { Logger } from '@veil/log';
import { isSafeToken } from '@veil/protocol';
import { z } from 'zod';

/** Where game nodes announce that they are alive (every node hears every other, and itself). */
export const NODE_HEARTBEAT_SUBJECT = 'veil.nodes.heartbeat';

/**
 * Where a node answers while its NATS connection holds. A peer whose heartbeats stopped is asked
 * here: `no_responders` means NATS dropped its connection (the process died), known at once
 * rather than after the whole deadline.
 */
export function nodePingSubject(nodeId: string): string {
  return `veil.nodes.ping.${nodeId}`;
}

/** Default pause between two heartbeats of a node (the CLI's config repeats the defaults). */
export const DEFAULT_HEARTBEAT_MS = 250;
/**
 * Default silence after which a node is taken for gone. Chosen from a measurement of live nodes
 * on the 2-vCPU VM (docs/operations.md, "Takeover"): 1.2x the longest heartbeat gap of a node
 * carrying 5,000 Netrunner rooms at a machine load of ~19, 3x its longest GC pause.
 */
export const DEFAULT_LIVENESS_DEADLINE_MS = 1_250;
/**
 * How long a node must have heard itself without a gap before it asks silent peers (or the
 * deadline, if shorter): after a NATS restart the nodes reconnect one by one, about the bus'
 * reconnect wait (1 s) apart, and a peer not back yet is not dead.
 */
const STEADY_BEFORE_ASKING_MS = 2_000;

/**
 * How many times per heartbeat a node looks at its peers' silence: a peer is found gone within a
 * fifth of a heartbeat of its deadline rather than up to a whole heartbeat after it.
 */
const CHECKS_PER_HEARTBEAT = 5;

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
 * rooms over at once instead of waiting out their leases. A peer silent for two heartbeats is
 * asked on its ping subject: if NATS says nobody holds it, its connection is gone (a crash) and
 * so is the peer, without waiting for the deadline. A hung or starved peer still holds it, so
 * only the deadline judges those. Taking over is safe even when the peer was only paused:
 * commits are fenced on the lease owner (the store's `leaseOwner`).
 *
 * Two guards keep a node that is itself cut off from judging others: it judges only while it
 * hears its own heartbeats (its NATS connection works), and after a gap in its own timers (the
 * process was paused, or starved) or of two heartbeats in its own heartbeats (NATS was away) it
 * forgets what it knew, since the silence was its own. It asks peers only once it has heard itself steadily for
 * a while: after a NATS restart, peers reconnect one by one.
 */
export class NodeLiveness {
  private readonly lastHeard = new Map<string, number>();
  private readonly probing = new Set<string>();
  private lastOwnHeartbeat = 0;
  private lastTick = Date.now();
  private lastBeat = 0;
  /**
   * Since when this node has heard its own heartbeats without a gap (null: it does not). From
   * the start, it may ask: a peer is judged only once heard, so none is a peer reconnecting.
   */
  private steadySince: number | null = 0;
  private timer: NodeJS.Timeout | null = null;
  private subscriptions: BusSubscription[] = [];
  private readonly heartbeatMs: number;
  private readonly checkMs: number;
  private readonly deadlineMs: number;
  private readonly steadyBeforeAskingMs: number;

  constructor(private readonly options: NodeLivenessOptions) {
    this.heartbeatMs = options.heartbeatMs ?? DEFAULT_HEARTBEAT_MS;
    this.checkMs = Math.max(1, Math.round(this.heartbeatMs / CHECKS_PER_HEARTBEAT));
    this.deadlineMs = options.deadlineMs ?? DEFAULT_LIVENESS_DEADLINE_MS;
    this.steadyBeforeAskingMs = Math.min(this.deadlineMs, STEADY_BEFORE_ASKING_MS);
  }

  async start(): Promise<void> {
    const { bus, nodeId } = this.options;
    // Answering pings before the first heartbeat: a peer that heard this node can always ask.
    if (isSafeToken(nodeId)) {
      this.subscriptions.push(
        await bus.subscribe(nodePingSubject(nodeId), ({ respond }) => respond?.({ nodeId })),
      );
    }
    this.subscriptions.push(
      await bus.subscribe(NODE_HEARTBEAT_SUBJECT, ({ data }) => {
        const parsed = heartbeatSchema.safeParse(data);
        if (!parsed.success) return;
        const now = Date.now();
        if (parsed.data.nodeId !== nodeId) this.lastHeard.set(parsed.data.nodeId, now);
        else {
          // A gap in its own heartbeats (NATS away for a moment, or slow): the peers' silence
          // may be its own, and they may still be reconnecting. Count again, and no asking
          // until it has heard itself steadily.
          const gap =
            this.lastOwnHeartbeat > 0 && now - this.lastOwnHeartbeat > 2 * this.heartbeatMs;
          if (gap) this.forgetSilence(now);
          this.lastOwnHeartbeat = now;
        }
      }),
    );
    this.timer = setInterval(() => this.tick(), this.checkMs);
    this.beat();
  }

  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    await Promise.all(this.subscriptions.splice(0).map((s) => s.unsubscribe().catch(() => {})));
  }

  /** Peers heard from within the deadline. */
  peers(): string[] {
    return [...this.lastHeard.keys()];
  }

  /**
   * How long this node's own timers have not run, if longer than the deadline: peers have
   * likely taken its rooms over meanwhile (0 otherwise). Read when a message arrives, since
   * after a pause the process handles what waited on its socket before any timer fires.
   */
  stalledMs(now = Date.now()): number {
    const gap = now - this.lastTick;
    return gap > this.deadlineMs ? gap : 0;
  }

  private tick(): void {
    const now = Date.now();
    const gap = now - this.lastTick;
    this.lastTick = now;
    // Due a heartbeat (half a check early, as checks drift), or back from a stall: beat now.
    const beating = now - this.lastBeat >= this.heartbeatMs - this.checkMs / 2;
    if (beating) this.beat();
    // After a stall of this node's own, its timers run before what waited on its socket is read:
    // every peer's silence then includes the stall. The tick's lateness is taken off.
    const late = Math.max(0, gap - this.checkMs);
    if (gap > this.deadlineMs) {
      // This process did not run for a while: everyone's silence was ours. Start over.
      this.forgetSilence(now);
      this.lastOwnHeartbeat = now;
      return;
    }
    if (now - this.lastOwnHeartbeat - late > this.deadlineMs) {
      this.steadySince = null; // cut off from NATS ourselves
      return;
    }
    if (this.steadySince === null) {
      // Heard again after being cut off: the peers' silence was (at least partly) ours.
      this.forgetSilence(now);
      return;
    }
    const askAfter = 2 * this.heartbeatMs;
    const mayAsk =
      now - this.lastOwnHeartbeat <= askAfter &&
      now - this.steadySince >= this.steadyBeforeAskingMs;
    for (const [peer, heard] of this.lastHeard) {
      const silent = now - heard - late;
      if (silent > this.deadlineMs) this.gone(peer, now - heard);
      // Asked once a heartbeat, not at every check: after a NATS restart a peer still
      // reconnecting looks dead to a ping, and asking sooner would take its rooms more often.
      else if (silent > askAfter && mayAsk && beating) this.ask(peer, heard);
    }
  }

  private forgetSilence(now: number): void {
    for (const peer of this.lastHeard.keys()) this.lastHeard.set(peer, now);
    this.steadySince = now;
  }

  private gone(peer: string, silentMs: number): void {
    if (!this.lastHeard.delete(peer)) return;
    this.options.logger.warn('game node gone', { peer, silentMs });
    this.options.onPeerGone(peer);
  }

  /** Asks a silent peer whether its connection still holds; `no_responders`: it does not. */
  private ask(peer: string, heard: number): void {
    if (this.probing.has(peer) || !isSafeToken(peer)) return;
    this.probing.add(peer);
    this.options.bus
      .request(nodePingSubject(peer), {}, { timeoutMs: this.deadlineMs })
      .then(
        () => undefined,
        (error: unknown) => {
          // Gone only if it has not been heard meanwhile (a heartbeat late in a busy loop).
          if (isBusError(error, 'no_responders') && this.lastHeard.get(peer) === heard) {
            this.gone(peer, Date.now() - heard);
          }
        },
      )
      .finally(() => this.probing.delete(peer));
  }

  private beat(): void {
    this.lastBeat = Date.now();
    try {
      this.options.bus.publish(NODE_HEARTBEAT_SUBJECT, { nodeId: this.options.nodeId });
    } catch (error) {
      this.options.logger.warn('heartbeat not sent', { error });
    }
  }
}
