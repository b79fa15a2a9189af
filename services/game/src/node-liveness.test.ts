import { InProcessBroker, type Bus } from '@veil/bus';
import { silentLogger, type Logger } from '@veil/log';
import { describe, expect, it } from 'vitest';
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
});
