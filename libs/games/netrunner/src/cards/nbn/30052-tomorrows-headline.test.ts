import { describe, expect, it } from 'vitest';
import {
  choose,
  deckLimitErrors,
  run,
  runnerActing,
  scoreAgenda,
  spawn,
  until,
  decisionKind,
} from '../../testing/kit.js';

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

  it('Limit 1 per deck', () => {
    const errors = deckLimitErrors('30051', '30052', 2);
    expect(errors.filter((e) => e.message.startsWith('2 copies'))).toHaveLength(1);
  });

  it('its tag is a tag taken: NBN: Reality Plus triggers', () => {
    const { s } = scoreAgenda('30052', { corpIdentity: '30051' });
    expect(decisionKind(s)).toBe('30051:reward');
    expect(choose(s, 'corp', 'gain').context.runner.tags).toBe(1);
  });
});
