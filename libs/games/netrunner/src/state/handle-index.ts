import type { HandleSet } from './handle-set.js';
import type { Viewer } from './types.js';

/**
 * How many cards hold each handle, per viewer, of one cards record: `owner` (built on first
 * need, per viewer).
 */
export type HandleCounts = Partial<Record<Viewer, HandleSet>> & { owner: object };

/**
 * The handle index (see handles.ts), one per game, keyed by the game's `decks` record (made
 * once when the game is set up or loaded, shared by every state of that game, so the key is
 * long-lived) and valid for one cards record, its `owner`. A state's record is never changed
 * once the state is made; a draft's record is changed only through `setHandles`, which keeps
 * the index current when the draft's record owns it. A record that does not own it (another
 * state of the game stepped since, another branch of a search) gets a new one built: two
 * games, two rooms or a search's determinizations never see another's counts.
 *
 * Why not keyed by the record: each step makes a new record, and moving the index to it in
 * the weak map (get, delete, set with a key that young) cost ~0.7 µs an action in profiles.
 */
const indexes = new WeakMap<object, HandleCounts>();

/** The index of `cards`, a record of the game whose `decks` is `game`; made empty if stale. */
export function handleCountsOf(game: object, cards: object): HandleCounts {
  let counts = indexes.get(game);
  if (counts === undefined || counts.owner !== cards) {
    counts = { owner: cards };
    indexes.set(game, counts);
  }
  return counts;
}

/** The index of `cards` if it has one that is current. */
export function knownHandleCounts(game: object, cards: object): HandleCounts | undefined {
  const counts = indexes.get(game);
  return counts !== undefined && counts.owner === cards ? counts : undefined;
}

/**
 * A draft's record starts as a copy of a state's (same cards, same handles): the index moves
 * to the copy, which the draft will change. The state it leaves is never changed, and gets a
 * new index if it is stepped again.
 */
export function moveHandleCounts(game: object, from: object, to: object): void {
  const counts = indexes.get(game);
  if (counts !== undefined && counts.owner === from) counts.owner = to;
}
