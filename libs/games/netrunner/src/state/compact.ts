import { packHandles } from './handles.js';
import type { LogEntry } from './log-types.js';
import type { CardState, Game } from './types.js';

/**
 * A game parsed from storage repeats every record it holds: forty `{"zone":"rd"}`, a
 * `{}` of counters per card, a `["corp"]` per log line. A live room keeps one such game, so
 * `compactGame` (the module's `compact`, applied on restore) swaps the records that rules
 * only ever replace — a card's location, counters, uses and peeks, the decklists, what a log
 * line names — for one frozen copy per distinct value, shared by every restored game, and
 * the strings they hold for one copy each. Card records and the log array themselves stay
 * private: the draft copies a card before changing it (see draft.ts) and only appends to a
 * copy of the log. Frozen, a shared record that some rule did change in place would throw
 * rather than reach other games; the determinism harness restores states mid-game and plays
 * on, which is where that would show.
 */
export function compactGame(g: Game): Game {
  const cards: Record<string, CardState> = {};
  for (const uid in g.cards) cards[uid] = compactCard(g.cards[uid] as CardState);
  return {
    ...g,
    decks: shared(g.decks),
    cards,
    log: g.log.map(compactEntry),
  };
}

/** Field by field, in the order the rules build cards (one object shape for every card). */
function compactCard(c: CardState): CardState {
  return {
    uid: c.uid,
    code: sharedString(c.code),
    side: c.side,
    loc: shared(c.loc),
    rezzed: c.rezzed,
    faceUp: c.faceUp,
    counters: shared(c.counters),
    host: c.host,
    installedTurn: c.installedTurn,
    noScoreTurn: c.noScoreTurn,
    used: shared(c.used),
    // Handles are unique per card (random): nothing to share.
    handles: packedHandles(c.handles),
    peek: shared(c.peek),
  };
}

/** Two literals rather than a spread: an entry then takes exactly the room of its fields. */
function compactEntry(e: LogEntry): LogEntry {
  const text = sharedString(e.text);
  const cards = shared(e.cards);
  const entry: LogEntry = e.only
    ? { seq: e.seq, turn: e.turn, side: e.side, text, cards, only: shared(e.only) }
    : { seq: e.seq, turn: e.turn, side: e.side, text, cards };
  return Object.freeze(entry);
}

/**
 * The pools are bounded: past the limit they start again (values already shared stay valid,
 * they are merely no longer offered), so odd states cannot grow them without end.
 */
const POOL_LIMIT = 50_000;
const records = new Map<string, unknown>();
const strings = new Map<string, string>();

/** One frozen copy of a JSON value per distinct content. */
export function shared<T>(value: T): T {
  if (value === null || typeof value !== 'object') {
    return (typeof value === 'string' ? sharedString(value) : value) as T;
  }
  const key = JSON.stringify(value);
  const known = records.get(key);
  if (known !== undefined) return known as T;
  const copy = Array.isArray(value)
    ? value.map(shared)
    : Object.fromEntries(Object.entries(value).map(([k, v]) => [k, shared(v)]));
  if (records.size >= POOL_LIMIT) records.clear();
  records.set(key, Object.freeze(copy));
  return copy as T;
}

function sharedString(s: string): string {
  const known = strings.get(s);
  if (known !== undefined) return known;
  if (strings.size >= POOL_LIMIT) strings.clear();
  strings.set(s, s);
  return s;
}

/**
 * Games stored before handles were packed hold them as `{corp, runner, spectator}`; they
 * restore to the packed form (same handles, so views do not change).
 */
function packedHandles(
  handles: string | Readonly<Record<'corp' | 'runner' | 'spectator', string>>,
) {
  return typeof handles === 'string'
    ? handles
    : packHandles(handles.corp, handles.runner, handles.spectator);
}
