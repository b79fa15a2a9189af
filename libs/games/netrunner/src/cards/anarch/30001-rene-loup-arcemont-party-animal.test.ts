import { describe, expect, it } from 'vitest';
import {
  advance,
  choose,
  deciding,
  finishRun,
  gripOnly,
  rootOn,
  runOn,
  runnerTurn,
  toRig,
} from '../neutral-runner/test-kit.js';

const LOUP = { runnerIdentity: '30001', corp: ['30071', '30071'] };

describe('René "Loup" Arcemont: Party Animal', () => {
  it('the first time each turn the Runner trashes a card it accesses: gain 1 and draw 1', () => {
    let s = runnerTurn(LOUP, (g) => {
      rootOn(g, '30071', 'remote1');
      rootOn(g, '30071', 'remote2');
      g.runner.credits = 10;
    });
    const grip = s.context.runner.grip.length;
    s = advance(runOn(s, 'remote1'), deciding('access'));
    s = choose(s, 'runner', 'trash');
    expect(s.context.runner.credits).toBe(10 - 3 + 1);
    expect(s.context.runner.grip.length).toBe(grip + 1);
    s = finishRun(s);
    s = advance(runOn(s, 'remote2'), deciding('access'));
    s = choose(s, 'runner', 'trash');
    expect(s.context.runner.credits).toBe(8 - 3);
    expect(s.context.runner.grip.length).toBe(grip + 1);
  });

  it('ruling: with Carnivore, the draw comes only after the grip cards are trashed', () => {
    let grip: string[] = [];
    let s = runnerTurn({ ...LOUP, runner: ['30003'] }, (g) => {
      toRig(g, '30003');
      grip = gripOnly(g, ['30030', '30030']);
      rootOn(g, '30071', 'remote1');
    });
    const credits = s.context.runner.credits;
    s = advance(runOn(s, 'remote1'), deciding('access'));
    s = choose(s, 'runner', 'use:30003:trash');
    s = choose(s, 'runner', grip[0] as string, true);
    expect(s.context.runner.grip).toEqual([grip[1]]);
    s = choose(s, 'runner', grip[1] as string, true);
    expect(s.context.runner.heap).toEqual(expect.arrayContaining(grip));
    expect(s.context.runner.grip.length).toBe(1);
    expect(grip).not.toContain(s.context.runner.grip[0]);
    expect(s.context.runner.credits).toBe(credits + 1);
  });
});
