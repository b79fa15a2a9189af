import { describe, expect, it } from 'vitest';
import { memoryLimit } from '../../rules/limits.js';
import {
  advance,
  choices,
  choose,
  deciding,
  finishRun,
  gripOnly,
  nextRunnerTurn,
  rootOn,
  runOn,
  runnerTurn,
  toRig,
} from '../neutral-runner/test-kit.js';

describe('Carnivore', () => {
  it('+1 memory; once per turn, trash 2 grip cards to trash the accessed card', () => {
    let grip: string[] = [];
    let target = '';
    let s = runnerTurn({ runner: ['30003'], corp: ['30071', '30071'] }, (g) => {
      toRig(g, '30003');
      grip = gripOnly(g, ['30030', '30030', '30030', '30030']);
      target = rootOn(g, '30071', 'remote1');
      rootOn(g, '30071', 'remote2');
    });
    expect(memoryLimit(s.context)).toBe(5);
    const credits = s.context.runner.credits;
    s = advance(runOn(s, 'remote1'), deciding('access'));
    s = choose(s, 'runner', 'use:30003:trash');
    s = choose(s, 'runner', grip[0] as string, true);
    s = choose(s, 'runner', grip[1] as string, true);
    expect(s.context.corp.archives).toContain(target);
    expect(s.context.cards[target]?.faceUp).toBe(true);
    expect(s.context.runner.credits).toBe(credits);
    expect(s.context.runner.grip.length).toBe(2);
    s = finishRun(s);
    s = advance(runOn(s, 'remote2'), deciding('access'));
    expect(choices(s, 'runner')).not.toContain('use:30003:trash');
    // Once per turn: usable again on the next turn.
    s = nextRunnerTurn(finishRun(s));
    s = advance(runOn(s, 'remote2'), deciding('access'));
    expect(choices(s, 'runner')).toContain('use:30003:trash');
  });

  it('cannot be used with fewer than 2 cards in the grip', () => {
    let s = runnerTurn({ runner: ['30003'], corp: ['30071'] }, (g) => {
      toRig(g, '30003');
      gripOnly(g, ['30030']);
      rootOn(g, '30071', 'remote1');
    });
    s = advance(runOn(s, 'remote1'), deciding('access'));
    expect(choices(s, 'runner')).not.toContain('use:30003:trash');
  });

  it('ruling: it can trash an agenda; the access then ends and the agenda is not stolen', () => {
    let grip: string[] = [];
    let agenda = '';
    let s = runnerTurn({ runner: ['30003'], corp: ['30067'] }, (g) => {
      toRig(g, '30003');
      grip = gripOnly(g, ['30030', '30030']);
      agenda = rootOn(g, '30067', 'remote1');
    });
    s = advance(runOn(s, 'remote1'), deciding('access'));
    s = choose(s, 'runner', 'use:30003:trash');
    s = choose(s, 'runner', grip[0] as string, true);
    s = choose(s, 'runner', grip[1] as string, true);
    s = finishRun(s);
    expect(s.context.corp.archives).toContain(agenda);
    expect(s.context.runner.scored).not.toContain(agenda);
  });
});
