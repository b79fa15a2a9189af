import { describe, expect, it } from 'vitest';
import { SharedFlush } from './shared-flush.js';

/** A flush whose round trips the test answers by hand. */
function manualFlush() {
  const pending: { resolve: () => void; reject: (error: Error) => void }[] = [];
  const flush = () =>
    new Promise<void>((resolve, reject) => {
      pending.push({ resolve, reject });
    });
  return { flush, pending };
}

describe('SharedFlush', () => {
  it('sends one flush for every caller of the same run of code', async () => {
    const { flush, pending } = manualFlush();
    const shared = new SharedFlush(flush);
    const waits = [shared.wait(), shared.wait(), shared.wait()];
    await Promise.resolve();
    expect(pending).toHaveLength(1);
    pending[0]?.resolve();
    await expect(Promise.all(waits)).resolves.toEqual([undefined, undefined, undefined]);
  });

  it('gives a caller after the flush went out a flush of its own', async () => {
    const { flush, pending } = manualFlush();
    const shared = new SharedFlush(flush);
    const first = shared.wait();
    await Promise.resolve();
    const second = shared.wait(); // what it sent may be behind the first PING
    await Promise.resolve();
    expect(pending).toHaveLength(2);
    let secondDone = false;
    void second.then(() => (secondDone = true));
    pending[0]?.resolve();
    await first;
    expect(secondDone).toBe(false);
    pending[1]?.resolve();
    await second;
  });

  it('rejects every caller of a failed flush, and flushes again afterwards', async () => {
    const { flush, pending } = manualFlush();
    const shared = new SharedFlush(flush);
    const waits = [shared.wait(), shared.wait()];
    await Promise.resolve();
    pending[0]?.reject(new Error('connection closed'));
    for (const wait of waits) await expect(wait).rejects.toThrow('connection closed');
    const again = shared.wait();
    await Promise.resolve();
    expect(pending).toHaveLength(2);
    pending[1]?.resolve();
    await again;
  });
});
