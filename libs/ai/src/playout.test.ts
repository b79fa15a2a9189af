import { describe, expect, it } from 'vitest';
import { newGame, Rng, type AnyGameModule, type GameSnapshot, type Outcome } from '@veil/engine';
import { parlor } from '@veil/parlor';
import { playout, score } from './playout.js';
import { TreeNode } from './tree.js';

/** Only what `score` reads of a module: its outcome and (optionally) its evaluation. */
function scoring(
  outcome: Outcome<string> | null,
  evaluate?: (s: GameSnapshot<unknown>) => Record<string, number>,
): AnyGameModule {
  return { outcome: () => outcome, evaluate } as unknown as AnyGameModule;
}

const STATE = { value: 'x', context: {}, status: 'active' } as GameSnapshot<unknown>;
const SIX = ['a', 'b', 'c', 'd', 'e', 'f'];

describe('scoring a playout for every seat', () => {
  it('a finished game: 1 for each winner, 0 for every other seat, 1/N each for a draw', () => {
    expect(score(scoring({ winners: ['c'], reason: 'r' }), STATE, SIX)).toEqual({
      a: 0,
      b: 0,
      c: 1,
      d: 0,
      e: 0,
      f: 0,
    });
    // Allies winning together each get the win.
    expect(score(scoring({ winners: ['b', 'e'], reason: 'r' }), STATE, SIX)).toEqual({
      a: 0,
      b: 1,
      c: 0,
      d: 0,
      e: 1,
      f: 0,
    });
    const draw = score(scoring({ winners: [], reason: 'r' }), STATE, ['a', 'b', 'c']);
    for (const seat of ['a', 'b', 'c']) expect(draw[seat]).toBeCloseTo(1 / 3, 12);
  });

  it("a live game: the game's evaluation per seat, clamped to [0, 1]; 1/N without one", () => {
    const evaluate = () => ({ a: 0.7, b: 1.4, c: -2, d: Number.NaN });
    expect(score(scoring(null, evaluate), STATE, ['a', 'b', 'c', 'd'])).toEqual({
      a: 0.7,
      b: 1,
      c: 0,
      d: 0.25,
    });
    expect(score(scoring(null), STATE, ['a', 'b', 'c', 'd', 'e'])).toEqual({
      a: 0.2,
      b: 0.2,
      c: 0.2,
      d: 0.2,
      e: 0.2,
    });
  });
});

describe("a playout by the game's rollout policy", () => {
  // The search steps its samples without re-checking legality (the engine's trusted step), so
  // the policy's pick must be one of the list it was given, not a copy or an action of its own.
  const withPolicy = (pick: (legal: unknown[]) => unknown) =>
    ({
      ...parlor,
      rolloutAction: (_s: unknown, _seat: string, legal: unknown[]) => pick(legal),
    }) as unknown as AnyGameModule;
  const start = () => newGame(parlor, {}, 7) as GameSnapshot<unknown>;

  it('steps the actions the policy picks from the list', () => {
    const played = playout(
      withPolicy((legal) => legal.at(-1)),
      start(),
      20,
      Rng.from('p'),
    );
    expect(played.steps).toBeGreaterThan(1);
  });

  it('refuses a pick that is not one of the list, even an equal copy', () => {
    const copying = withPolicy((legal) => structuredClone(legal.at(-1)));
    expect(() => playout(copying, start(), 20, Rng.from('p'))).toThrow(/outside its legal list/);
  });
});

describe('UCB1 with availability counts', () => {
  it('tries an unvisited action first, then weighs the mean against its availability', () => {
    const node = new TreeNode();
    expect(node.ucb(0.7)).toBe(Infinity);
    node.visits = 4;
    node.reward = 2;
    node.available = 4;
    expect(node.ucb(0.7)).toBeCloseTo(0.5 + 0.7 * Math.sqrt(Math.log(4) / 4), 12);
    // Legal in more iterations than it was chosen in: its exploration term grows.
    node.available = 100;
    expect(node.ucb(0.7)).toBeCloseTo(0.5 + 0.7 * Math.sqrt(Math.log(100) / 4), 12);
    expect(node.ucb(0)).toBe(0.5);
  });
});
