import { describe, expect, it } from 'vitest';
import { choices, choose, deciders, play, runnerTurn, toGrip } from '../neutral-runner/test-kit.js';

describe('Wildcat Strike', () => {
  it('the Corp chooses: gain 6 credits', () => {
    let uid = '';
    let s = runnerTurn({ runner: ['30002'] }, (g) => void (uid = toGrip(g, '30002')));
    const credits = s.context.runner.credits;
    s = play(s, uid);
    expect(deciders(s)).toEqual(['corp']);
    s = choose(s, 'corp', 'gain');
    expect(s.context.runner.credits).toBe(credits - 2 + 6);
    expect(s.context.runner.heap).toContain(uid);
  });

  it('the Corp chooses: draw 4 cards', () => {
    let uid = '';
    let s = runnerTurn({ runner: ['30002'] }, (g) => void (uid = toGrip(g, '30002')));
    const grip = s.context.runner.grip.length;
    s = choose(play(s, uid), 'corp', 'draw');
    expect(s.context.runner.grip.length).toBe(grip - 1 + 4);
  });

  it('ruling: the Corp may choose the draw even with fewer than 4 cards in the stack', () => {
    let uid = '';
    let s = runnerTurn({ runner: ['30002'] }, (g) => {
      uid = toGrip(g, '30002');
      g.runner.heap.push(...g.runner.stack.splice(0, g.runner.stack.length - 2));
      for (const h of g.runner.heap) {
        const c = g.cards[h];
        if (c) c.loc = { zone: 'heap' };
      }
    });
    expect(s.context.runner.stack.length).toBe(2);
    s = play(s, uid);
    expect(choices(s, 'corp')).toEqual(['gain', 'draw']);
    const credits = s.context.runner.credits;
    s = choose(s, 'corp', 'draw');
    expect(s.context.runner.stack.length).toBe(0);
    expect(s.context.runner.credits).toBe(credits);
  });
});
