import { InProcessBroker, type Bus, type BusHandler } from '@veil/bus';
import { silentLogger, type Logger } from '@veil/log';
import { describe, expect, it, vi } from 'vitest';
import { NODE_HEARTBEAT_SUBJECT, nodePingSubject, NodeLiveness } from './node-liveness.js';

// A peer's death is told apart from a hang by its NATS connection: a dead peer's ping subject
// has no subscriber (`no_responders`), so it is gone at the first probe; a hung peer still holds
// it and is judged only on the deadline (docs/operations.md, "Takeover").

const HEARTBEAT_MS = 100;

/** The judging node: every peer it finds gone, with the silence it was found after. */
async function judge(bus: Bus, deadlineMs: number) {
  const gone: { peer: string; silentMs: number }[] = [];
  let found!: () => void;
  const first = new Promise<void>((resolve) => (found = resolve));
  const logger: Logger = {
    ...silentLogger,
    warn: (msg: string, fields?: Record<string, unknown>) => {
      if (msg !== 'game node gone') return;
      gone.push({ peer: String(fields?.['peer']), silentMs: Number(fields?.['silentMs']) });
      found();
    },
  };
  const liveness = new NodeLiveness({
    nodeId: 'judge',
    bus,
    logger,
    heartbeatMs: HEARTBEAT_MS,
    deadlineMs,
    onPeerGone: () => undefined,
  });
  await liveness.start();
  return { liveness, gone, first };
}

/** A peer heard a few times, then silent: its connection `closed`, or held by a hung process. */
async function silentPeer(broker: InProcessBroker, nodeId: string, end: 'closed' | 'hung') {
  const bus = broker.connect();
  // A hung process holds its ping subscription and never answers.
  await bus.subscribe(nodePingSubject(nodeId), () => undefined);
  for (let i = 0; i < 5; i += 1) {
    bus.publish(NODE_HEARTBEAT_SUBJECT, { nodeId });
    await new Promise((resolve) => setTimeout(resolve, HEARTBEAT_MS));
  }
  if (end === 'closed') await bus.close();
  return bus;
}

describe('NodeLiveness', () => {
  it('finds a peer whose connection is gone at once, not on the deadline', async () => {
    const broker = new InProcessBroker();
    // A deadline far beyond the test's own timeout: only the probe can find the peer gone.
    const { liveness, gone, first } = await judge(broker.connect(), 600_000);
    try {
      await silentPeer(broker, 'dead', 'closed');
      await first;
      expect(gone).toHaveLength(1);
      expect(gone[0]?.peer).toBe('dead');
      expect(gone[0]?.silentMs).toBeLessThan(600_000);
    } finally {
      await liveness.stop();
    }
  });

  it('judges a hung peer that still holds its connection only on the deadline', async () => {
    const broker = new InProcessBroker();
    const deadlineMs = 500;
    const { liveness, gone, first } = await judge(broker.connect(), deadlineMs);
    try {
      await silentPeer(broker, 'hung', 'hung');
      await first;
      expect(gone.map((g) => g.peer)).toEqual(['hung']);
      expect(gone[0]?.silentMs).toBeGreaterThan(deadlineMs);
    } finally {
      await liveness.stop();
    }
  });

  it("does not count a stall of its own, shorter than the deadline, as a peer's silence, and beats at once after it", async () => {
    // After the judge's own event loop was blocked, its timer fires before the heartbeats that
    // waited on its socket are read. A bus whose messages wait until `read()` plays that order.
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval', 'Date'] });
    try {
      const { liveness, gone, heartbeat, read, steady, queued } = await fakeSocketJudge(1_000);
      steady();
      read(); // its own last heartbeat, sent as the steady play ended
      // The judge stalls just short of the deadline (at its late check, its own heartbeat
      // silence 945 ms, the peer's 1,005 ms); the peer's heartbeat queues up on the socket.
      vi.setSystemTime(Date.now() + 925);
      heartbeat('peer', { queued: true });
      vi.advanceTimersByTime(CHECK_MS); // the late check, before the socket is read
      // Its own heartbeat goes out at that check, not up to a heartbeat later.
      expect(queued()).toContain('judge');
      read();
      vi.advanceTimersByTime(100);
      expect(gone).toEqual([]);
      expect(liveness.peers()).toEqual(['peer']);
      await liveness.stop();
    } finally {
      vi.useRealTimers();
    }
  });

  it('finds a hung peer within a fifth of a heartbeat of its deadline, not a whole heartbeat', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval', 'Date'] });
    try {
      const deadlineMs = 1_000;
      const { liveness, gone, heartbeat, read, steady } = await fakeSocketJudge(deadlineMs);
      steady();
      // The peer's last heartbeat, 10 ms after a check; then it hangs (its pings never answer).
      vi.advanceTimersByTime(30);
      heartbeat('peer');
      const lastHeard = Date.now();
      let foundAt: number | undefined;
      for (let step = 0; step < 2 * deadlineMs && foundAt === undefined; step += 1) {
        vi.advanceTimersByTime(1);
        read();
        if (gone.length > 0) foundAt = Date.now();
      }
      expect(gone).toEqual(['peer']);
      // Silent past the deadline at lastHeard + 1,001 ms; the next check is at most CHECK_MS on.
      expect((foundAt ?? Infinity) - lastHeard).toBeGreaterThan(deadlineMs);
      expect((foundAt ?? Infinity) - lastHeard).toBeLessThanOrEqual(deadlineMs + CHECK_MS);
      await liveness.stop();
    } finally {
      vi.useRealTimers();
    }
  });
});

/** The checks' period for `HEARTBEAT_MS` (a fifth of a heartbeat). */
const CHECK_MS = HEARTBEAT_MS / 5;

/**
 * A judge on a bus whose messages wait on a "socket" until `read()` (fake timers on): `heartbeat`
 * delivers a peer's heartbeat at once, or queues it with the judge's own; `steady` plays a live
 * peer. Pings never answer.
 */
async function fakeSocketJudge(deadlineMs: number) {
  const handlers = new Map<string, BusHandler>();
  const socket: { subject: string; data: unknown }[] = [];
  const bus = {
    maxPayloadBytes: 1 << 20,
    publish: (subject: string, data: unknown) => void socket.push({ subject, data }),
    subscribe: (subject: string, handler: BusHandler) => {
      handlers.set(subject, handler);
      return Promise.resolve({ unsubscribe: () => Promise.resolve() });
    },
    request: () => new Promise(() => undefined),
    flush: () => Promise.resolve(),
    drain: () => Promise.resolve(),
    close: () => Promise.resolve(),
  } as unknown as Bus;
  const read = () => {
    for (const { subject, data } of socket.splice(0))
      void handlers.get(subject)?.({ subject, data });
  };
  const heartbeat = (nodeId: string, { queued = false } = {}) => {
    if (queued) socket.push({ subject: NODE_HEARTBEAT_SUBJECT, data: { nodeId } });
    else void handlers.get(NODE_HEARTBEAT_SUBJECT)?.({ subject: '', data: { nodeId } });
  };
  /** Three seconds steady: the peer's heartbeat every 100 ms, the socket read 10 ms after it. */
  const steady = () => {
    for (let i = 0; i < 30; i += 1) {
      vi.advanceTimersByTime(40);
      heartbeat('peer');
      vi.advanceTimersByTime(10);
      read();
      vi.advanceTimersByTime(50);
    }
  };
  const gone: string[] = [];
  const liveness = new NodeLiveness({
    nodeId: 'judge',
    bus,
    logger: silentLogger,
    heartbeatMs: HEARTBEAT_MS,
    deadlineMs,
    onPeerGone: (peer) => gone.push(peer),
  });
  await liveness.start();
  /** The heartbeats waiting on the socket, by node. */
  const queued = () => socket.map(({ data }) => (data as { nodeId: string }).nodeId);
  return { liveness, gone, heartbeat, read, steady, queued };
}
