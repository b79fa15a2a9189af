import { silentLogger } from '@veil/log';
import { describe, expect, it } from 'vitest';
import { StallGuard } from './stall-guard.js';

// A node resumed after a stall answers nothing until a renewal has shown which rooms it still
// holds: a command it answered from a room a peer took meanwhile would be stale (a chat line
// stored twice, a view the room has moved past).

describe('StallGuard', () => {
  it('serves while the node’s timers run, without renewing', () => {
    let renewals = 0;
    const guard = new StallGuard(
      () => 0,
      async () => {
        renewals += 1;
      },
      silentLogger,
    );
    expect(guard.serving()).toBe(true);
    expect(renewals).toBe(0);
  });

  it('after a stall, serves nothing until one renewal has ended', async () => {
    let stalled = 2_500;
    let renewals = 0;
    let renewed!: () => void;
    const guard = new StallGuard(
      () => stalled,
      () => {
        renewals += 1;
        return new Promise<void>((resolve) => (renewed = resolve));
      },
      silentLogger,
    );
    expect(guard.serving()).toBe(false);
    // The node's own timer has run again, but the renewal has not answered yet.
    stalled = 0;
    expect(guard.serving()).toBe(false);
    expect(guard.serving()).toBe(false);
    expect(renewals).toBe(1);
    renewed();
    await new Promise((resolve) => setImmediate(resolve));
    expect(guard.serving()).toBe(true);
    expect(renewals).toBe(1);
  });

  it('serves again after a renewal that failed (commits stay fenced on the lease owner)', async () => {
    let stalled = 3_000;
    const guard = new StallGuard(
      () => stalled,
      () => Promise.reject(new Error('database down')),
      silentLogger,
    );
    expect(guard.serving()).toBe(false);
    stalled = 0;
    await new Promise((resolve) => setImmediate(resolve));
    expect(guard.serving()).toBe(true);
  });
});
