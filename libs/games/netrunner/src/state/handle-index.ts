import type { HandleSet } from './handle-set.js';
import type { Viewer } from './types.js';

/** How many cards hold each handle, per viewer, of one cards record (built on first need). */
export type HandleCounts = Partial<Record<Viewer, HandleSet>>;

/**
 * The handle index (see handles.ts), per cards record: keyed by the record itself, so two
 * games, two rooms or a search's determinizations each have their own and never see another's.
 * A state's record is never changed once the state is made; a draft's record is changed only
 * through `setHandles`, which keeps the index of that record current.
 */
const indexes = new WeakMap<object, HandleCounts>();

/** The index of `cards`, made empty when it has none yet. */
export function handleCountsOf(cards: object): HandleCounts {
  let counts = indexes.get(cards);
  if (counts === undefined) {
    counts = {};
    indexes.set(cards, counts);
  }
  return counts;
}

/** The index of `cards` if one was built. */
export function knownHandleCounts(cards: object): HandleCounts | undefined {
  return indexes.get(cards);
}

/**
 * A draft's record starts as a copy of a state's (same cards, same handles): the index moves
 * to the copy, which the draft will change. The state it leaves is never changed, and gets a
 * new index if it is stepped again.
 */
export function moveHandleCounts(from: object, to: object): void {
  const counts = indexes.get(from);
  if (counts === undefined) return;
  indexes.delete(from);
  indexes.set(to, counts);
}
