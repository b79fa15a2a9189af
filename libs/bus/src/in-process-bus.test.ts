import { describe, expect, it } from 'vitest';
import { DEFAULT_MAX_PAYLOAD_BYTES } from './bus.js';
import { InProcessBroker } from './in-process-broker.js';
import { describeBusContract, MessageCollector } from './testing/index.js';

describeBusContract('InProcessBus', async (hooks) => {
  const broker = new InProcessBroker();
  const a = broker.connect(hooks);
  const b = broker.connect(hooks);
  return {
    a,
    b,
    cleanup: async () => {
      await Promise.all([a.close(), b.close()]);
    },
  };
});

describe('InProcessBroker', () => {
  it('limits payloads to 1 MiB by default, like nats-server', () => {
    expect(new InProcessBroker().connect().maxPayloadBytes).toBe(DEFAULT_MAX_PAYLOAD_BYTES);
    expect(DEFAULT_MAX_PAYLOAD_BYTES).toBe(1_048_576);
  });

  it('applies a configured payload limit to all its connections', () => {
    const broker = new InProcessBroker({ maxPayloadBytes: 16 });
    const bus = broker.connect();

    expect(bus.maxPayloadBytes).toBe(16);
    expect(() => bus.publish('small', 'x'.repeat(14))).not.toThrow();
    expect(() => bus.publish('small', 'x'.repeat(15))).toThrow(
      expect.objectContaining({ code: 'payload_too_large' }),
    );
  });

  it('keeps separate brokers apart', async () => {
    const first = new InProcessBroker().connect();
    const second = new InProcessBroker().connect();
    const onFirst = new MessageCollector();
    const onSecond = new MessageCollector();
    await first.subscribe('news', onFirst.handler);
    await second.subscribe('news', onSecond.handler);

    second.publish('news', 'second');
    first.publish('news', 'first');

    await onFirst.waitFor(1);
    await onSecond.waitFor(1);
    expect(onFirst.data).toEqual(['first']);
    expect(onSecond.data).toEqual(['second']);
    await expect(first.request('news.elsewhere', null)).rejects.toMatchObject({
      code: 'no_responders',
    });
  });
});
