import { hasKeysInOrder } from './key-order.js';
import { topDecision, type Decision } from './decision-stack.js';
import { isWindowOpen, windowDecider, type ReactionWindow } from './reaction-window.js';
import type { Policies } from './policies.js';

/**
 * Everything that can pause a game, kept together in the game state: the decision stack, the
 * stack of reaction windows (the innermost, last opened, is answered first), the seats' standing
 * policies, and the id counter for both.
 */
export interface Pauses<Seat extends string, D extends Decision<Seat>> {
  readonly decisions: readonly D[];
  readonly windows: readonly ReactionWindow<Seat>[];
  readonly policies: Policies<Seat>;
  readonly nextId: number;
}

export function emptyPauses<Seat extends string, D extends Decision<Seat>>(): Pauses<Seat, D> {
  return { decisions: [], windows: [], policies: {}, nextId: 1 };
}

/** Reserves an id for a new decision or window. */
export function nextPauseId<Seat extends string, D extends Decision<Seat>>(
  pauses: Pauses<Seat, D>,
): [number, Pauses<Seat, D>] {
  const nextId = pauses.nextId + 1;
  // Field by field when the record is in `emptyPauses` order (a spread with an overriding key
  // is several times slower in V8); a record stored in another order keeps its order.
  const next = hasKeysInOrder(pauses, PAUSES_KEYS)
    ? { decisions: pauses.decisions, windows: pauses.windows, policies: pauses.policies, nextId }
    : { ...pauses, nextId };
  return [pauses.nextId, next];
}

/** The keys of a `Pauses` record in the order `emptyPauses` builds them. */
const PAUSES_KEYS = ['decisions', 'windows', 'policies', 'nextId'] as const;

/** The innermost window still open, if any. */
export function openWindowOf<Seat extends string>(
  windows: readonly ReactionWindow<Seat>[],
): ReactionWindow<Seat> | undefined {
  for (let i = windows.length - 1; i >= 0; i--) {
    const w = windows[i] as ReactionWindow<Seat>;
    if (isWindowOpen(w)) return w;
  }
  return undefined;
}

/**
 * Who the game waits on now — the single order every part of Veil shares (node, views, AI):
 * the top pending decision, else the innermost open window's current participant, else the
 * seats the current phase waits on.
 */
export function decidersOf<Seat extends string, D extends Decision<Seat>>(
  pauses: Pauses<Seat, D>,
  phaseDeciders: () => readonly Seat[],
): Seat[] {
  const decision = topDecision(pauses.decisions);
  if (decision) return [decision.seat];
  const window = openWindowOf(pauses.windows);
  if (window) {
    const seat = windowDecider(window);
    return seat === undefined ? [] : [seat];
  }
  return [...phaseDeciders()];
}
