/**
 * Resolves on a later macrotask, after every pending microtask. setImmediate callbacks run in
 * FIFO order, so things scheduled this way keep the order they were scheduled in.
 */
export function laterTick(): Promise<void> {
  return new Promise((resolve) => setImmediate(resolve));
}
