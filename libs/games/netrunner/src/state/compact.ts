import type { SharedValues } from '@veil/engine';
import { packHandles } from './handles.js';
import type { LogEntry } from './log-types.js';
import type { CardState, Game } from './types.js';

/**
 * A game parsed from storage repeats every record it holds: forty `{"zone":"rd"}`, a
 * `{}` of counters per card, a `["corp"]` per log line. A live room keeps one such game, so
 * `compactGame` (the module's `compact`, applied on restore) swaps the records that rules
 * only ever replace — a card's location, counters, uses and peeks, the decklists, what a log
 * line names — for one frozen copy per distinct value, shared through the caller's pool by every
 * game it restores, and the strings they hold for one copy each. Card records and the log array themselves stay
 * private: the draft copies a card before changing it (see draft.ts) and only appends to a
 * copy of the log. Frozen, a shared record that some rule did change in place would throw
 * rather than reach other games; the determinism harness restores states mid-game and plays
 * on, which is where that would show.
 */
export function compactGame(g: Game, pool: SharedValues): Game {
  const cards: Record<string, CardState> = {};
  for (const uid in g.cards) cards[uid] = compactCard(g.cards[uid] as CardState, pool);
  return {
    ...g,
    decks: pool.value(g.decks),
    cards,
    log: g.log.map((e) => compactEntry(e, pool)),
  };
}

/** Field by field, in the order the rules build cards (one object shape for every card). */
function compactCard(c: CardState, pool: SharedValues): CardState {
  return {
    uid: c.uid,
    code: pool.string(c.code),
    side: c.side,
    loc: pool.value(c.loc),
    rezzed: c.rezzed,
    faceUp: c.faceUp,
    counters: pool.value(c.counters),
    host: c.host,
    installedTurn: c.installedTurn,
    noScoreTurn: c.noScoreTurn,
    used: pool.value(c.used),
    // Handles are unique per card (random): nothing to share.
    handles: packedHandles(c.handles),
    peek: pool.value(c.peek),
  };
}

/** Two literals rather than a spread: an entry then takes exactly the room of its fields. */
function compactEntry(e: LogEntry, pool: SharedValues): LogEntry {
  const text = pool.string(e.text);
  const cards = pool.value(e.cards);
  const entry: LogEntry = e.only
    ? { seq: e.seq, turn: e.turn, side: e.side, text, cards, only: pool.value(e.only) }
    : { seq: e.seq, turn: e.turn, side: e.side, text, cards };
  return Object.freeze(entry);
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
