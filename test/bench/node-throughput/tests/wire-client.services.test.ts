import { randomUUID } from 'node:crypto';
import { NatsBus } from '@veil/bus';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { WireClient } from '../wire-client.js';
import { describeWithServices, services } from '../../../support/index.js';

// The latency benchmark's own NATS client (test/bench/node-throughput/wire-client.ts) against
// the real server and Veil's bus on the other end: what it measures is only as good as this.
describeWithServices("the latency driver's NATS client", () => {
  let bus: NatsBus;
  let wire: WireClient;
  const prefix = `wire${randomUUID().slice(0, 8)}`;

  beforeAll(async () => {
    bus = await NatsBus.connect({
      servers: services().natsUrl,
      name: 'bench-wire-client-test',
      onError: () => {},
    });
    wire = await WireClient.connect(services().natsUrl);
  });

  afterAll(async () => {
    wire?.close();
    await bus?.close();
  });

  it('sends requests with a reply subject and gets each reply back to its own request', async () => {
    await bus.subscribe(`${prefix}.echo`, ({ data, respond }) => respond?.({ echoed: data }));
    await bus.flush();
    const replies = await Promise.all(
      [1, 2, 3].map(
        (n) =>
          new Promise<unknown>((resolve) =>
            wire.request(`${prefix}.echo`, { n }, (payload) =>
              resolve(JSON.parse(payload.toString())),
            ),
          ),
      ),
    );
    expect(replies).toEqual([{ echoed: { n: 1 } }, { echoed: { n: 2 } }, { echoed: { n: 3 } }]);
  });

  it('receives published messages whole, however the socket cuts them, and stops on unsubscribe', async () => {
    const received: { subject: string; size: number; last: string }[] = [];
    const unsubscribe = wire.subscribe(`${prefix}.view.*`, (subject, payload) => {
      const data = JSON.parse(payload.toString()) as { fill: string; last: string };
      received.push({ subject, size: data.fill.length, last: data.last });
    });
    await wire.flush();
    // 300 KB in all: several socket reads, with messages cut across them.
    for (let i = 0; i < 30; i++) {
      bus.publish(`${prefix}.view.p${i}`, { fill: 'x'.repeat(10_000 + i), last: `m${i}` });
    }
    await bus.flush();
    await wire.flush();
    expect(received).toHaveLength(30);
    received.forEach((r, i) => {
      expect(r).toEqual({ subject: `${prefix}.view.p${i}`, size: 10_000 + i, last: `m${i}` });
    });
    unsubscribe();
    await wire.flush();
    bus.publish(`${prefix}.view.p0`, { fill: '', last: 'after' });
    await bus.flush();
    await wire.flush();
    expect(received).toHaveLength(30);
  });

  it("delivers the body of a reply that carries headers (a handler's failure)", async () => {
    await bus.subscribe(`${prefix}.fails`, () => {
      throw new Error('no');
    });
    await bus.flush();
    const reply = await new Promise<unknown>((resolve) =>
      wire.request(`${prefix}.fails`, {}, (payload) => resolve(JSON.parse(payload.toString()))),
    );
    expect(reply).toEqual({ error: 'handler_error' });
  });
});
