import { describe, expect, it } from 'vitest';
import { decide, type BotLevel } from '@veil/ai';
import { netrunner } from '../module.js';
import { choicePositions } from './positions.js';

const [POSITION] = choicePositions(1, { seed: 3 });

function input(level: BotLevel) {
  const { snapshot, seat } = POSITION as NonNullable<typeof POSITION>;
  return {
    view: netrunner.view(snapshot, seat),
    legalActions: netrunner.legalActions(snapshot, seat),
    seat,
    level,
    seed: 'budget',
  };
}

/** A clock that moves one millisecond each time it is read. */
function ticking(start = 0): () => number {
  let t = start;
  return () => t++;
}

describe('a search spends its budget: iterations, cut short by a deadline', () => {
  it('runs exactly the iterations asked for', () => {
    for (const level of ['ismcts', 'expert'] as const) {
      expect(decide(netrunner, { ...input(level), iterations: 7 }).iterations).toBe(7);
    }
    expect(decide(netrunner, { ...input('greedy'), iterations: 1 }).iterations).toBe(
      new Set(input('greedy').legalActions.map((a) => netrunner.actionKey(a, input('greedy').seat)))
        .size,
    );
  });

  it('stops at the deadline, checked before each iteration, and still answers legally', () => {
    for (const level of ['greedy', 'ismcts', 'expert'] as const) {
      const base = input(level);
      const past = decide(netrunner, { ...base, deadline: 100, now: () => 100 });
      expect(past.iterations, level).toBe(0);
      expect(base.legalActions, level).toContainEqual(past.action);
    }
    // The clock reads 0, 1, 2, … once per iteration: a deadline of 5 allows five.
    const five = decide(netrunner, { ...input('ismcts'), deadline: 5, now: ticking() });
    expect(five.iterations).toBe(5);
  });

  it('drops a sampled world the rules throw on, and fails only when every one does', () => {
    for (const level of ['greedy', 'ismcts', 'expert'] as const) {
      let calls = 0;
      // Now and then a look at a state throws, as a rule bug on a sample would (greedy looks
      // at far fewer states, so more often).
      const every = level === 'greedy' ? 29 : 97;
      const flaky = {
        ...netrunner,
        outcome: (s: Parameters<typeof netrunner.outcome>[0]) => {
          if (++calls % every === 0) throw new Error('the rules cannot go on');
          return netrunner.outcome(s);
        },
      };
      const base = input(level);
      const answer = decide(flaky, { ...base, iterations: level === 'greedy' ? 2 : 12 });
      expect(base.legalActions, level).toContainEqual(answer.action);
      expect(calls, level).toBeGreaterThanOrEqual(every);
      const broken = {
        ...netrunner,
        outcome: () => {
          throw new Error('the rules cannot go on');
        },
      };
      expect(() => decide(broken, { ...base, iterations: 4 }), level).toThrow(/cannot go on/);
    }
  });

  it('refuses bad input with a clear error', () => {
    expect(() => decide(netrunner, { ...input('ismcts'), iterations: 0 })).toThrow(/iterations/);
    expect(() => decide(netrunner, { ...input('ismcts'), iterations: 2.5 })).toThrow(/iterations/);
    expect(() => decide(netrunner, { ...input('ismcts'), level: 'godlike' as BotLevel })).toThrow(
      /level/,
    );
    expect(() => decide(netrunner, { ...input('ismcts'), legalActions: [] })).toThrow(/legal/);
  });
});
