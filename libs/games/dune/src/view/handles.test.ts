import { describe, expect, it } from 'vitest';
import { playRandom } from '@veil/engine/testing';
import { dune } from '../module.js';
import type { DuneState, Faction } from '../state/types.js';

// docs/games/dune.md, "What each seat sees": a card's handle is drawn afresh each time it enters
// a hand, so a card that left a hand (discarded, reshuffled, drawn or bought again) comes back
// under a handle never used before — nobody can follow a card through the deck by its handle.

const SIX: readonly Faction[] = [
  'atreides',
  'bene_gesserit',
  'emperor',
  'fremen',
  'spacing_guild',
  'harkonnen',
];

interface Entry {
  readonly card: string;
  readonly handle: string;
}

/** Every card that entered a hand along `states`, in order, under the handle it got. */
function handEntries(states: readonly DuneState[]): Entry[] {
  const entries: Entry[] = [];
  let before = new Set<string>();
  for (const s of states) {
    const now = new Set<string>();
    for (const f of s.options.factions) {
      for (const c of s.players[f].hand) {
        now.add(`${f}/${c.handle}`);
        if (!before.has(`${f}/${c.handle}`)) entries.push({ card: c.card, handle: c.handle });
      }
    }
    before = now;
  }
  return entries;
}

/** Entries whose handle was already used by an earlier entry; and how many cards came back. */
function reusedHandles(states: readonly DuneState[]): { reused: Entry[]; returns: number } {
  const seenHandles = new Set<string>();
  const seenCards = new Set<string>();
  const reused: Entry[] = [];
  let returns = 0;
  for (const e of handEntries(states)) {
    if (seenHandles.has(e.handle)) reused.push(e);
    if (seenCards.has(e.card)) returns++;
    seenHandles.add(e.handle);
    seenCards.add(e.card);
  }
  return { reused, returns };
}

const games = [1, 2].map((seed) =>
  playRandom(dune, { factions: SIX }, seed, 4000).snapshots.map((s) => s.context),
);

describe('Dune card handles', () => {
  it('a card entering a hand gets a handle never used before, also when it comes back', () => {
    let returns = 0;
    for (const states of games) {
      const r = reusedHandles(states);
      expect(r.reused).toEqual([]);
      returns += r.returns;
    }
    // The games did move cards out and back into hands (else the check proves little).
    expect(returns).toBeGreaterThan(20);
  });

  it('catches handles that follow the card (a handle derived from the card)', () => {
    const byCard = (games[0] ?? []).map((s) => {
      let x = s;
      for (const f of s.options.factions) {
        const p = x.players[f];
        const hand = p.hand.map((c) => ({ ...c, handle: `h-${c.card}` }));
        x = { ...x, players: { ...x.players, [f]: { ...p, hand } } };
      }
      return x;
    });
    expect(reusedHandles(byCard).reused.length).toBeGreaterThan(0);
  });
});
