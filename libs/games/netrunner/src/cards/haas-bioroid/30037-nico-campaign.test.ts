import { describe, expect, it } from 'vitest';
import {
  act,
  acting,
  choose,
  corpActing,
  decisionKind,
  edit,
  handle,
  run,
  runnerActing,
  spawn,
  until,
  type Snap,
} from '../../testing/kit.js';

function nextCorpTurn(s: Snap): Snap {
  let t = edit(s, (g) => (g.corp.clicks = 0));
  t = until(t, acting('runner'));
  t = edit(t, (g) => (g.runner.clicks = 0));
  return until(t, acting('corp'));
}

describe('Nico Campaign (text, ruling)', () => {
  it('when rezzed, loads 9[credit]; when the turn begins, the Corp takes 3', () => {
    let nico = '';
    let s = corpActing({}, (g) => {
      nico = spawn(g, '30037', { zone: 'root', server: 'remote1' });
    });
    s = act(s, 'corp', { type: 'rez', card: handle(s, nico, 'corp') });
    expect(s.context.cards[nico]?.counters.credit).toBe(9);
    const credits = s.context.corp.credits;
    s = nextCorpTurn(s);
    expect(s.context.cards[nico]?.counters.credit).toBe(6);
    expect(s.context.corp.credits).toBe(credits + 3);
  });

  it('when it is empty: trashed, and the Corp draws 1 card', () => {
    let nico = '';
    let s = corpActing({}, (g) => {
      nico = spawn(g, '30037', { zone: 'root', server: 'remote1' }, { rezzed: true });
      g.cards[nico]!.counters = { credit: 3 };
    });
    const hq = s.context.corp.hq.length;
    s = nextCorpTurn(s);
    expect(s.context.corp.archives).toContain(nico);
    // Discarded down to 5 at the end of turn 1; then +1 mandatory draw, +1 from Nico Campaign.
    expect(s.context.corp.hq.length).toBe(Math.min(hq, 5) + 2);
    expect(s.context.log.some((e) => e.text === '{0} is empty and is trashed.')).toBe(true);
  });

  it('ruling: trashed by the Runner, the Corp draws nothing', () => {
    let nico = '';
    let s = runnerActing({}, (g) => {
      nico = spawn(g, '30037', { zone: 'root', server: 'remote1' }, { rezzed: true });
      g.cards[nico]!.counters = { credit: 3 };
      g.runner.credits = 5;
    });
    const hq = s.context.corp.hq.length;
    s = run(s, 'remote1');
    s = until(s, (x) => decisionKind(x) === 'access');
    s = choose(s, 'runner', 'trash');
    expect(s.context.corp.archives).toContain(nico);
    expect(s.context.corp.hq.length).toBe(hq);
  });
});
