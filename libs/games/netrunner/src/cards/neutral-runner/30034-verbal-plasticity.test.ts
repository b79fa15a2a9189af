import { describe, expect, it } from 'vitest';
import { act, install, nextRunnerTurn, runnerTurn, toGrip } from './test-kit.js';

describe('Verbal Plasticity', () => {
  it('turns the first basic draw of each turn into 2 cards', () => {
    let uid = '';
    let s = runnerTurn({ runner: ['30034'] }, (g) => void (uid = toGrip(g, '30034')));
    s = install(s, uid);
    const grip = s.context.runner.grip.length;
    s = act(s, 'runner', { type: 'click-draw' });
    expect(s.context.runner.grip.length).toBe(grip + 2);
    s = act(s, 'runner', { type: 'click-draw' });
    expect(s.context.runner.grip.length).toBe(grip + 3);
    // Each turn: the next turn's first basic draw draws 2 again.
    s = nextRunnerTurn(s);
    const next = s.context.runner.grip.length;
    s = act(s, 'runner', { type: 'click-draw' });
    expect(s.context.runner.grip.length).toBe(next + 2);
  });

  it('does nothing when a basic draw was already taken this turn before it was installed', () => {
    let uid = '';
    let s = runnerTurn({ runner: ['30034'] }, (g) => void (uid = toGrip(g, '30034')));
    s = act(s, 'runner', { type: 'click-draw' });
    s = install(s, uid);
    const grip = s.context.runner.grip.length;
    s = act(s, 'runner', { type: 'click-draw' });
    expect(s.context.runner.grip.length).toBe(grip + 1);
  });
});
