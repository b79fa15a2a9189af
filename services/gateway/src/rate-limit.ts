/**
 * A token bucket: `capacity` requests at once, refilled at `refillPerSecond`. The clock is
 * injected (milliseconds, monotonic), so tests decide exactly when tokens come back.
 */
export interface RateLimitOptions {
  /** Requests a client may send in a burst (default 20). */
  capacity?: number;
  /** Tokens added per second (default 10). 0 means the bucket never refills. */
  refillPerSecond?: number;
  /** Milliseconds from an arbitrary origin (default `performance.now()`). */
  now?: () => number;
}

export class TokenBucket {
  private readonly capacity: number;
  private readonly refillPerMs: number;
  private readonly now: () => number;
  private tokens: number;
  private last: number;

  constructor(options: RateLimitOptions = {}) {
    this.capacity = options.capacity ?? 20;
    this.refillPerMs = (options.refillPerSecond ?? 10) / 1000;
    this.now = options.now ?? (() => performance.now());
    if (!(this.capacity >= 1) || !(this.refillPerMs >= 0)) {
      throw new RangeError('a token bucket needs capacity ≥ 1 and refillPerSecond ≥ 0');
    }
    this.tokens = this.capacity;
    this.last = this.now();
  }

  /** Takes one token; false when the bucket is empty (the request is refused). */
  take(): boolean {
    const now = this.now();
    const elapsed = Math.max(0, now - this.last);
    this.last = now;
    this.tokens = Math.min(this.capacity, this.tokens + elapsed * this.refillPerMs);
    if (this.tokens < 1) return false;
    this.tokens -= 1;
    return true;
  }
}
