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
