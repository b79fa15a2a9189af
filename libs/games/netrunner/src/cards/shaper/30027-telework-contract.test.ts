import { describe, expect, it } from 'vitest';
import {
  canUse,
  install,
  nextRunnerTurn,
  runnerTurn,
  toGrip,
  use,
} from '../neutral-runner/test-kit.js';

describe('Telework Contract', () => {
  it('loads 9 credits on install; once per turn takes 3; trashed when empty', () => {
    let uid = '';
    let s = runnerTurn({ runner: ['30027'] }, (g) => void (uid = toGrip(g, '30027')));
    s = install(s, uid);
    expect(s.context.cards[uid]?.counters.credit).toBe(9);
    const credits = s.context.runner.credits;
    s = use(s, uid, 'take');
    expect(s.context.runner.credits).toBe(credits + 3);
    expect(canUse(s, uid, 'take')).toBe(false);
    s = nextRunnerTurn(s);
    s = use(s, uid, 'take');
    s = nextRunnerTurn(s);
    s = use(s, uid, 'take');
    expect(s.context.runner.heap).toContain(uid);
  });
});
