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

export interface ClientBucketsOptions extends RateLimitOptions {
  /** Clients remembered at once (default 10 000); the least recently seen is forgotten first. */
  maxClients?: number;
}

/** One token bucket per client key (e.g. an address), in a bounded map. */
export class ClientBuckets {
  private readonly buckets = new Map<string, TokenBucket>();
  private readonly maxClients: number;

  constructor(private readonly options: ClientBucketsOptions = {}) {
    this.maxClients = options.maxClients ?? 10_000;
  }

  /** Takes one token from `client`'s bucket; false when it is empty. */
  take(client: string): boolean {
    let bucket = this.buckets.get(client);
    if (bucket) this.buckets.delete(client);
    else bucket = new TokenBucket(this.options);
    // Re-inserted last: the map's order is the order of last use.
    this.buckets.set(client, bucket);
    if (this.buckets.size > this.maxClients) {
      const oldest = this.buckets.keys().next().value;
      if (oldest !== undefined) this.buckets.delete(oldest);
    }
    return bucket.take();
  }
}
