import { describe, expect, it } from 'vitest';
import { choose, decisionKind, run, runnerActing, spawn, until } from '../../testing/kit.js';
import type { Snap } from '../../testing/kit.js';

function accessAll(s: Snap, trashAmaze: string | null): Snap {
  let t = s;
  while (t.context.run) {
    if (decisionKind(t) === 'breach-next') {
      t = choose(t, 'runner', t.context.run.breach?.pending[0] ?? '', true);
      continue;
    }
    if (decisionKind(t) === 'access') {
      const current = t.context.run.breach?.current?.uid;
      t = choose(t, 'runner', current === trashAmaze ? 'trash' : 'continue');
      continue;
    }
    t = until(t, (x) => x.context.pauses.decisions.length > 0 || !x.context.run);
  }
  return t;
}

describe('AMAZE Amusements', () => {
  it('a run on its server ends after a steal: 2 tags', () => {
    let s = runnerActing({}, (g) => {
      spawn(g, '30058', { zone: 'root', server: 'remote1' }, { rezzed: true });
      spawn(g, '30067', { zone: 'root', server: 'remote1' });
    });
    s = choose(run(s, 'remote1'), 'runner', 'continue');
    s = accessAll(s, null);
    expect(s.context.runner.scored).toHaveLength(1);
    expect(s.context.runner.tags).toBe(2);
  });

  it('persistent: trashed while accessed (rezzed), it still tags at the end of that run', () => {
    let amaze = '';
    let s = runnerActing({}, (g) => {
      amaze = spawn(g, '30058', { zone: 'root', server: 'remote1' }, { rezzed: true });
      spawn(g, '30067', { zone: 'root', server: 'remote1' });
      g.runner.credits = 10;
    });
    s = choose(run(s, 'remote1'), 'runner', 'continue');
    s = until(s, (x) => decisionKind(x) === 'breach-next');
    s = choose(s, 'runner', amaze, true);
    s = choose(s, 'runner', 'trash');
    s = accessAll(s, null);
    expect(s.context.cards[amaze]?.loc.zone).toBe('archives');
    expect(s.context.runner.tags).toBe(2);
  });

  it('ruling: an unrezzed AMAZE trashed while accessed does not persist', () => {
    let amaze = '';
    let s = runnerActing({}, (g) => {
      amaze = spawn(g, '30058', { zone: 'root', server: 'remote1' });
      spawn(g, '30067', { zone: 'root', server: 'remote1' });
      g.runner.credits = 10;
    });
    s = choose(run(s, 'remote1'), 'runner', 'continue');
    s = until(s, (x) => decisionKind(x) === 'breach-next');
    s = choose(s, 'runner', amaze, true);
    s = choose(s, 'runner', 'trash');
    s = accessAll(s, null);
    expect(s.context.runner.tags).toBe(0);
  });
});
