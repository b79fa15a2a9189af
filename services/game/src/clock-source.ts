/**
 * Where a node's room clocks read the time and set their flag timers (docs/architecture.md,
 * "Time controls"). The node's wall clock in production; tests pass a fake one, so nothing waits
 * on real time.
 */
export interface ClockSource {
  now(): number;
  /** Calls `fire` after `delayMs`; the returned function cancels it. */
  schedule(delayMs: number, fire: () => void): () => void;
  /** One second of a time control, in ms (1000; a test world may shorten it). */
  readonly secondMs: number;
}

/** Node timers are capped at 2^31-1 ms; a longer wait is re-armed when it ends. */
const MAX_TIMER_MS = 2_147_483_647;

export function wallClock(secondMs = 1000): ClockSource {
  return {
    now: () => Date.now(),
    schedule(delayMs, fire) {
      const timer = setTimeout(fire, Math.min(Math.max(0, delayMs), MAX_TIMER_MS));
      timer.unref();
      return () => clearTimeout(timer);
    },
    secondMs,
  };
}

/**
 * A clock moved by hand (tests): it reads `start` until `advance` moves it on, which fires the
 * timers that fall due, in order — or none with `fire: false` (a timer that is late).
 */
export class ManualClock implements ClockSource {
  private readonly timers = new Set<{ at: number; fire: () => void }>();

  constructor(
    private time: number,
    readonly secondMs = 1000,
  ) {}

  now(): number {
    return this.time;
  }

  schedule(delayMs: number, fire: () => void): () => void {
    const timer = { at: this.time + delayMs, fire };
    this.timers.add(timer);
    return () => this.timers.delete(timer);
  }

  advance(ms: number, { fire = true } = {}): void {
    this.time += ms;
    if (!fire) return;
    for (const timer of [...this.timers].sort((a, b) => a.at - b.at)) {
      if (timer.at > this.time) break;
      this.timers.delete(timer);
      timer.fire();
    }
  }
}
