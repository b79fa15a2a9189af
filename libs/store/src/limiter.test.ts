import { describe, expect, it } from 'vitest';
import { Limiter } from './limiter.js';

describe('Limiter', () => {
  it('runs at most n tasks at once, the rest in arrival order, and passes results through', async () => {
    const limiter = new Limiter(2);
    let running = 0;
    let most = 0;
    const order: number[] = [];
    const gates: (() => void)[] = [];
    const tasks = Array.from({ length: 5 }, (_, i) =>
      limiter.run(async () => {
        running += 1;
        most = Math.max(most, running);
        order.push(i);
        await new Promise<void>((resolve) => gates.push(resolve));
        running -= 1;
        return i * 10;
      }),
    );
    // Release whatever is waiting until every task has run.
    while (order.length < 5 || gates.length > 0) {
      await new Promise((resolve) => setImmediate(resolve));
      gates.shift()?.();
    }
    expect(await Promise.all(tasks)).toEqual([0, 10, 20, 30, 40]);
    expect(order).toEqual([0, 1, 2, 3, 4]);
    expect(most).toBe(2);
  });

  it('lends a slot until it is given back, in call order, once however often it is given back', async () => {
    const lock = new Limiter(1);
    const order: string[] = [];
    const first = await lock.acquire();
    const second = lock.acquire().then((release) => {
      order.push('second');
      return release;
    });
    const third = lock.run(async () => {
      order.push('third');
    });
    await new Promise((resolve) => setImmediate(resolve));
    expect(order).toEqual([]);
    first();
    first(); // a second give-back must not free a slot that the second holder has
    const releaseSecond = await second;
    await new Promise((resolve) => setImmediate(resolve));
    expect(order).toEqual(['second']);
    releaseSecond();
    await third;
    expect(order).toEqual(['second', 'third']);
  });

  it('goes on after a task fails', async () => {
    const limiter = new Limiter(1);
    await expect(limiter.run(() => Promise.reject(new Error('no')))).rejects.toThrow('no');
    expect(await limiter.run(async () => 'yes')).toBe('yes');
  });

  it('counts unfinished tasks and tells when all, added ones included, have finished', async () => {
    const queue = new Limiter(1);
    const gates: (() => void)[] = [];
    const gated = () => queue.run(() => new Promise<void>((resolve) => gates.push(resolve)));
    void gated();
    void gated();
    expect(queue.size).toBe(2);
    let idle = false;
    const waiting = queue.idle().then(() => {
      idle = true;
    });
    await new Promise((resolve) => setImmediate(resolve));
    gates.shift()?.();
    await new Promise((resolve) => setImmediate(resolve));
    void gated(); // added while idle() waits: idle() waits for it too
    gates.shift()?.();
    await new Promise((resolve) => setImmediate(resolve));
    expect(queue.size).toBe(1);
    expect(idle).toBe(false);
    gates.shift()?.();
    await waiting;
    expect(queue.size).toBe(0);
    await queue.idle(); // nothing queued: at once
  });
});
