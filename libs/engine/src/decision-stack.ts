/**
 * The decision stack: pending decisions that pause the game until one seat answers. Each entry
 * names its decider and carries a discriminated-union continuation record (`kind` + data) saying
 * exactly what already happened and what resumes — plain data, never a closure, so a persisted
 * snapshot resumes it on any node. Decisions resolve LIFO: a decision pushed while another is
 * pending is answered first.
 */
export interface Decision<Seat extends string = string> {
  /** Unique within the game; stable across persistence. */
  readonly id: number;
  readonly seat: Seat;
  /** The discriminant of the continuation record. */
  readonly kind: string;
}

export type DecisionStack<D extends Decision> = readonly D[];

/** Pushes a decision; the caller supplies the id (see `nextPauseId` in pauses.ts). */
export function pushDecision<D extends Decision>(stack: DecisionStack<D>, decision: D): D[] {
  return [...stack, decision];
}

/** The decision that must be answered next, if any. */
export function topDecision<D extends Decision>(stack: DecisionStack<D>): D | undefined {
  return stack[stack.length - 1];
}

/**
 * Removes the top decision, which must be `id` (guards against resolving a decision that has
 * since been covered by another).
 */
export function resolveDecision<D extends Decision>(stack: DecisionStack<D>, id: number): D[] {
  const top = topDecision(stack);
  if (!top || top.id !== id) {
    throw new Error(`resolveDecision: decision ${id} is not on top of the stack`);
  }
  return stack.slice(0, -1);
}
