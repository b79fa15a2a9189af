import { describe, expect, it } from 'vitest';
import { edit, encountering, fireSubroutines } from '../../testing/kit.js';

describe('Whitespace', () => {
  it('[sub] the Runner loses 3; [sub] ends the run at 6 credits or less', () => {
    const { s } = encountering('30074', 'hq', {}, (g) => (g.runner.credits = 9));
    const after = fireSubroutines(s);
    expect(after.context.runner.credits).toBe(6);
    expect(after.context.run).toBeNull();
  });

  it('does not end the run for a Runner with more than 6 left', () => {
    const { s } = encountering('30074', 'hq', {}, (g) => (g.runner.credits = 10));
    const after = fireSubroutines(s);
    expect(after.context.runner.credits).toBe(7);
    expect(after.context.run).not.toBeNull();
  });

  it('ruling: credits hosted on Overclock are not lost, only the credit pool', () => {
    const { s } = encountering('30074', 'hq', {}, (g) => (g.runner.credits = 10));
    const hosted = edit(s, (g) => {
      if (g.run) g.run.mods.hostedCredits = 5;
    });
    const after = fireSubroutines(hosted);
    expect(after.context.runner.credits).toBe(7);
    expect(after.context.run?.mods.hostedCredits).toBe(5);
  });

  it('ruling: hosted credits do not count toward the Runner having more than 6', () => {
    const { s } = encountering('30074', 'hq', {}, (g) => (g.runner.credits = 9));
    const hosted = edit(s, (g) => {
      if (g.run) g.run.mods.hostedCredits = 5;
    });
    const after = fireSubroutines(hosted);
    // 9 - 3 = 6 in the pool (11 with the hosted credits): the run ends.
    expect(after.context.runner.credits).toBe(6);
    expect(after.context.run).toBeNull();
  });
});
