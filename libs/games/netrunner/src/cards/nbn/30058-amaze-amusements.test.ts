import { describe, expect, it } from 'vitest';
import {
  choose,
  decisionKind,
  run,
  runnerActing,
  spawn,
  until,
  edit,
  type Snap,
} from '../../testing/kit.js';
import { trashCard } from '../../rules/trash.js';

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

/** Accesses everything (continuing past each card) until the run is over. */
function finish(s: Snap): Snap {
  let t = s;
  while (t.context.run) {
    if (decisionKind(t) === 'breach-next') {
      t = choose(t, 'runner', t.context.run.breach?.pending[0] ?? '', true);
      continue;
    }
    if (decisionKind(t) === 'access') {
      t = choose(t, 'runner', 'continue');
      continue;
    }
    t = until(t, (x) => x.context.pauses.decisions.length > 0 || !x.context.run);
  }
  return t;
}

function runOn(
  server: string,
  amazeIn: string,
  agendaIn: string | null,
): { s: Snap; amaze: string } {
  let amaze = '';
  const s = runnerActing({}, (g) => {
    amaze = spawn(g, '30058', { zone: 'root', server: amazeIn as 'remote1' }, { rezzed: true });
    if (agendaIn) spawn(g, '30067', { zone: 'root', server: agendaIn as 'remote1' });
    g.runner.credits = 10;
  });
  return { s: choose(run(s, server as 'remote1'), 'runner', 'continue'), amaze };
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

  it('no steal during the run: no tags', () => {
    const { s } = runOn('remote1', 'remote1', null);
    expect(finish(s).context.runner.tags).toBe(0);
  });

  it('a steal during a run on another server: no tags', () => {
    const { s } = runOn('remote2', 'remote1', 'remote2');
    const after = finish(s);
    expect(after.context.runner.scored).toHaveLength(1);
    expect(after.context.runner.tags).toBe(0);
  });

  it('ruling (Political Operative): trashed other than while accessing it, it does not persist', () => {
    const { s, amaze } = runOn('remote1', 'remote1', 'remote1');
    const trashed = edit(s, (g) => trashCard(g, amaze, 'runner'));
    const after = finish(trashed);
    expect(after.context.cards[amaze]?.loc.zone).toBe('archives');
    expect(after.context.runner.scored).toHaveLength(1);
    expect(after.context.runner.tags).toBe(0);
  });
});
