import { describe, expect, it } from 'vitest';
import {
  choose,
  decisionKind,
  encountering,
  fireSubroutines,
  edit,
  run,
  runnerActing,
  spawn,
  until,
} from '../../testing/kit.js';
import { ask } from '../helpers.js';

describe('Karunā', () => {
  it('[sub] 2 net damage and the Runner may jack out; [sub] 2 net damage', () => {
    const s = fireSubroutines(encountering('30047').s);

    expect(s.context.runner.grip).toHaveLength(3);
    expect(decisionKind(s)).toBe('30047:jack-out');
    const out = choose(s, 'runner', 'jack-out');
    expect(out.context.run).toBeNull();
    expect(out.context.runner.grip).toHaveLength(3);
    const stay = choose(s, 'runner', 'continue');
    expect(stay.context.runner.grip).toHaveLength(1);
    expect(stay.context.run).not.toBeNull();
  });

  it('jacking out offered during a breach ends the run and the breach (no more accesses)', () => {
    let karuna = '';
    let s = runnerActing({}, (g) => {
      karuna = spawn(g, '30047', { zone: 'ice', server: 'hq' });
      spawn(g, '30050', { zone: 'root', server: 'remote1' });
      spawn(g, '30042', { zone: 'root', server: 'remote1' });
    });
    s = run(s, 'remote1');
    s = until(s, (x) => decisionKind(x) === 'access');
    const accesses = () => s.context.log.filter((e) => e.text.startsWith('Runner accesses')).length;
    expect(accesses()).toBe(1);
    // The first subroutine's jack-out opportunity, given mid-breach (as with Ganked!).
    s = edit(s, (g) => ask(g, 'runner', '30047', 'jack-out', karuna));
    expect(decisionKind(s)).toBe('30047:jack-out');
    s = choose(s, 'runner', 'jack-out');
    s = until(s, (x) => x.context.run === null);
    expect(accesses()).toBe(1);
    expect(s.context.log.some((e) => e.text.includes('jacks out'))).toBe(true);
  });
});
