import { describe, expect, it } from 'vitest';
import type { Game } from '../../state/types.js';
import {
  advance,
  choices,
  choose,
  deciding,
  finishRun,
  iceOn,
  play,
  runnerTurn,
  toGrip,
} from './test-kit.js';

const accesses = (g: Game) => g.log.filter((l) => l.text.startsWith('Runner accesses')).length;

describe('Jailbreak', () => {
  it('runs HQ or R&D; if successful draws 1 and accesses 1 additional card', () => {
    let uid = '';
    let s = runnerTurn({ runner: ['30028'] }, (g) => void (uid = toGrip(g, '30028')));
    s = play(s, uid);
    expect(choices(s, 'runner')).toEqual(['hq', 'rd']);
    s = choose(s, 'runner', 'rd');
    const grip = s.context.runner.grip.length;
    const before = accesses(s.context);
    s = finishRun(s);
    expect(s.context.runner.grip.length).toBe(grip + 1);
    expect(accesses(s.context) - before).toBe(2);
  });

  it('ruling: the card is drawn when the run is declared successful, before the breach', () => {
    let uid = '';
    let s = runnerTurn({ runner: ['30028'] }, (g) => void (uid = toGrip(g, '30028')));
    s = choose(play(s, uid), 'runner', 'hq');
    const grip = s.context.runner.grip.length;
    s = advance(s, deciding('access'));
    expect(s.context.run?.breach?.accessed).toBe(1);
    expect(s.context.runner.grip.length).toBe(grip + 1);
  });

  it('ruling: no draw and no extra access unless the run is successful', () => {
    let uid = '';
    let s = runnerTurn({ runner: ['30028'], corp: ['30072'] }, (g) => {
      uid = toGrip(g, '30028');
      iceOn(g, '30072', 'hq', true);
    });
    s = choose(play(s, uid), 'runner', 'hq');
    const grip = s.context.runner.grip.length;
    const before = accesses(s.context);
    s = finishRun(s);
    expect(s.context.runner.grip.length).toBe(grip);
    expect(accesses(s.context)).toBe(before);
  });

  it('ruling: the event stays in the play area until the run is complete', () => {
    let uid = '';
    let s = runnerTurn({ runner: ['30028'] }, (g) => void (uid = toGrip(g, '30028')));
    s = choose(play(s, uid), 'runner', 'hq');
    s = advance(s, deciding('access'));
    expect(s.context.playArea).toContain(uid);
    expect(s.context.runner.heap).not.toContain(uid);
    s = finishRun(s);
    expect(s.context.runner.heap).toContain(uid);
  });
});
