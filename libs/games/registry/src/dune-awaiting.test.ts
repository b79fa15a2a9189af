import { applyAction, newGame, type GameSnapshot } from '@veil/engine';
import { dune, type DuneState } from '@veil/dune';
import { describe, expect, it } from 'vitest';
import { duneAwaiting } from './dune-awaiting.js';

describe('the Dune seats the game still needs an action from', () => {
  it('leave out a seat once it is in on the simultaneous choice, until the reveal', () => {
    const seats = ['atreides', 'emperor', 'fremen', 'harkonnen'] as const;
    let s: GameSnapshot<DuneState> = newGame(dune, { factions: [...seats] }, 7);
    const setupDeciders = dune.deciders(s);
    expect(duneAwaiting(s)).toEqual(setupDeciders);
    // The seats other than the Atreides commit their traitor picks one after another.
    const others = setupDeciders.filter((seat) => seat !== 'atreides');
    const inOnIt = new Set<string>();
    for (const seat of others) {
      s = applyAction(dune, s, seat, dune.legalActions(s, seat)[0]!);
      inOnIt.add(seat);
      // Still deciders (the view must not tell who is in), no longer awaited.
      expect(dune.deciders(s)).toEqual(setupDeciders);
      expect(duneAwaiting(s)).toEqual(setupDeciders.filter((x) => !inOnIt.has(x)));
    }
    expect(duneAwaiting(s)).toEqual(['atreides']);
    // The last pick reveals them all; whoever the game waits on next is awaited again.
    s = applyAction(dune, s, 'atreides', dune.legalActions(s, 'atreides')[0]!);
    expect(dune.deciders(s).length).toBeGreaterThan(0);
    expect(duneAwaiting(s)).toEqual(dune.deciders(s));
  });
});
