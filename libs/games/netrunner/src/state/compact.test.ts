import { describe, expect, it } from 'vitest';
import {
  applyAction,
  newGame,
  persistGame,
  restoreGame,
  Rng,
  SharedValues,
  snapshotBytes,
  type GameSnapshot,
} from '@veil/engine';
import { netrunner } from '../module.js';
import { compactGame } from './compact.js';
import type { CardState, Game } from './types.js';

type Snapshot = GameSnapshot<Game>;

function randomStep(snapshot: Snapshot, rng: Rng): Snapshot {
  const seat = rng.pick(netrunner.deciders(snapshot));
  return applyAction(netrunner, snapshot, seat, rng.pick(netrunner.legalActions(snapshot, seat)));
}

function midGame(seed: string, actions: number): Snapshot {
  const rng = Rng.from(`compact:${seed}`);
  let s: Snapshot = newGame(netrunner, {}, seed);
  for (let i = 0; i < actions && !netrunner.outcome(s); i++) s = randomStep(s, rng);
  return s;
}

function cardsIn(g: Game, zone: string): CardState[] {
  return Object.values(g.cards).filter((c) => c.loc.zone === zone);
}

describe('compactGame (applied when a stored game is restored)', () => {
  it('keeps the state equal as JSON', () => {
    const s = midGame('equal', 150);
    const persisted = persistGame(s);
    const text = JSON.stringify(persisted.context);
    expect(JSON.stringify(compactGame(JSON.parse(text) as Game, new SharedValues()))).toBe(text);
    expect(snapshotBytes(restoreGame(netrunner, persistGame(s)))).toBe(snapshotBytes(s));
  });

  it('shares equal records within a game and across the games of one pool, frozen', () => {
    const pool = new SharedValues();
    const a = restoreGame(netrunner, persistGame(midGame('share-a', 60)), pool).context;
    const b = restoreGame(netrunner, persistGame(midGame('share-b', 90)), pool).context;
    // Another pool shares nothing with them: no pool outlives its owner's games.
    const c = restoreGame(netrunner, persistGame(midGame('share-a', 60))).context;
    expect(c.decks).not.toBe(a.decks);
    const [a1, a2] = cardsIn(a, 'rd');
    const [b1] = cardsIn(b, 'rd');
    expect(a1?.loc).toBe(a2?.loc);
    expect(a1?.loc).toBe(b1?.loc);
    expect(a1?.counters).toBe(b1?.counters);
    expect(a.decks).toBe(b.decks);
    expect(Object.isFrozen(a1?.loc)).toBe(true);
    expect(() => {
      (a1?.counters as Record<string, number>).advancement = 1;
    }).toThrow(TypeError);
    // The card records themselves stay private to their game: rules copy them before a change.
    expect(a1).not.toBe(b1);
    expect(Object.isFrozen(a1)).toBe(false);
  });

  it('plays on exactly like the uncompacted game (restored every few actions)', () => {
    for (const seed of ['play-1', 'play-2', 'play-3', 'play-4']) {
      const rngA = Rng.from(`compact:${seed}`);
      const rngB = Rng.from(`compact:${seed}`);
      let plain: Snapshot = newGame(netrunner, {}, seed);
      let restored: Snapshot = plain;
      for (let i = 0; i < 400 && !netrunner.outcome(plain); i++) {
        plain = randomStep(plain, rngA);
        restored = randomStep(restored, rngB);
        if (i % 7 === 0) restored = restoreGame(netrunner, persistGame(restored));
      }
      expect(snapshotBytes(restored)).toBe(snapshotBytes(plain));
    }
  });
});

describe('games stored before handles were packed', () => {
  it('restore with the same handles, packed', () => {
    const s = midGame('legacy', 40);
    const stored = persistGame(s) as { context: { cards: Record<string, { handles: unknown }> } };
    for (const c of Object.values(stored.context.cards)) {
      const h = c.handles as string;
      c.handles = { corp: h.slice(0, 8), runner: h.slice(8, 16), spectator: h.slice(16) };
    }
    const restored = restoreGame(netrunner, stored as never);
    expect(snapshotBytes(restored)).toBe(snapshotBytes(s));
    for (const viewer of ['corp', 'runner', 'spectator'] as const) {
      expect(netrunner.view(restored, viewer)).toEqual(netrunner.view(s, viewer));
    }
  });
});
