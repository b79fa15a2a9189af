import { describe, expect, it, vi } from 'vitest';
import { retry, type Attempt } from './retry.js';

describe('retry', () => {
  it('repeats until an attempt is done, numbering the attempts from 1', async () => {
    const seen: number[] = [];
    const result = await retry<string>(
      async (n) => {
        seen.push(n);
        return n < 3 ? { again: 'now', giveUp: () => 'gave up' } : { done: `done at ${n}` };
      },
      { attempts: 5 },
    );
    expect(result).toBe('done at 3');
    expect(seen).toEqual([1, 2, 3]);
  });

  it("gives the last attempt's giveUp once the attempts are spent, and its throw", async () => {
    const seen: number[] = [];
    const failing = async (n: number): Promise<Attempt<string>> => {
      seen.push(n);
      return { again: 'now', giveUp: () => `last was ${n}` };
    };
    await expect(retry(failing, { attempts: 2 })).resolves.toBe('last was 2');
    expect(seen).toEqual([1, 2]);
    const throwing = retry<string>(
      async () => ({
        again: 'pause',
        giveUp: () => {
          throw new Error('moved');
        },
      }),
      { holdMs: 0, pauseMs: 100 },
    );
    await expect(throwing).rejects.toThrow('moved');
  });

  it('pauses only before an attempt that asked for it, and stops at the hold', async () => {
    vi.useFakeTimers();
    try {
      const seen: number[] = [];
      const running = retry<string>(
        async (n) => {
          seen.push(n);
          return { again: n % 2 === 1 ? 'now' : 'pause', giveUp: () => `held ${n}` };
        },
        { holdMs: 1_000, pauseMs: 300 },
      );
      await vi.advanceTimersByTimeAsync(0);
      expect(seen).toEqual([1, 2]); // the second went out at once
      await vi.advanceTimersByTimeAsync(300);
      expect(seen).toEqual([1, 2, 3, 4]);
      await vi.advanceTimersByTimeAsync(300);
      expect(seen).toEqual([1, 2, 3, 4, 5, 6]);
      // At 600 ms another 300 ms pause would end at 900 < 1000: one more round, then none.
      await vi.advanceTimersByTimeAsync(300);
      await expect(running).resolves.toBe('held 8');
      expect(seen).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
    } finally {
      vi.useRealTimers();
    }
  });

  it('refuses an unbounded loop', async () => {
    await expect(retry(async () => ({ done: 1 }))).rejects.toThrow(TypeError);
  });
});
