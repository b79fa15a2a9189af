import { describe, expect, it } from 'vitest';
import { choose, run, runnerActing, scoreAgenda, spawn, until } from '../../testing/kit.js';

describe("Tomorrow's Headline", () => {
  it('when scored: the Runner takes 1 tag', () => {
    expect(scoreAgenda('30052').s.context.runner.tags).toBe(1);
  });

  it('when stolen: the Runner takes 1 tag', () => {
    let s = runnerActing({}, (g) => void spawn(g, '30052', { zone: 'root', server: 'remote1' }));
    s = choose(run(s, 'remote1'), 'runner', 'continue');
    s = until(s, (x) => x.context.pauses.decisions.at(-1)?.kind === 'access');
    s = choose(s, 'runner', 'continue');
    expect(s.context.runner.scored).toHaveLength(1);
    expect(s.context.runner.tags).toBe(1);
  });
});
