/**
 * What one attempt came to: a final `done` value, or `again` — try once more, `now` or after the
 * pause — with `giveUp` producing the result (or throwing) if no attempt is left.
 */
export type Attempt<T> =
  { readonly done: T } | { readonly again: 'now' | 'pause'; readonly giveUp: () => T };

export interface RetryOptions {
  /** At most this many attempts (default: no limit; then `holdMs` must bound the loop). */
  attempts?: number;
  /** No new attempt once this long has passed since the first one (default: no limit). */
  holdMs?: number;
  /** Pause before an attempt that answered `again: 'pause'` (default 0). */
  pauseMs?: number;
  /** Told before each repeated attempt (e.g. to log it). */
  onRetry?: (attempt: number) => void;
}

/**
 * The one retry policy for requests over the bus (the gateway's command hold, the node's room
 * client, bot move requests): attempts numbered from 1, a pause only where the attempt asks for
 * one, and the last attempt's `giveUp` once the attempts or the hold time are spent. Hand-written
 * rather than p-retry: that one retries on throws with exponential backoff, and these callers
 * decide per reply, with a fixed pause and a wall-clock hold.
 */
export async function retry<T>(
  attempt: (n: number) => Promise<Attempt<T>>,
  options: RetryOptions = {},
): Promise<T> {
  if (options.attempts === undefined && options.holdMs === undefined) {
    throw new TypeError('retry needs attempts or holdMs');
  }
  const deadline = Date.now() + (options.holdMs ?? Infinity);
  const attempts = options.attempts ?? Infinity;
  for (let n = 1; ; n += 1) {
    const outcome = await attempt(n);
    if ('done' in outcome) return outcome.done;
    const pauseMs = outcome.again === 'pause' ? (options.pauseMs ?? 0) : 0;
    // A repeat that could not start before the deadline is not worth the pause.
    if (n >= attempts || Date.now() + pauseMs >= deadline) return outcome.giveUp();
    options.onRetry?.(n + 1);
    if (pauseMs > 0) await new Promise((resolve) => setTimeout(resolve, pauseMs));
  }
}
