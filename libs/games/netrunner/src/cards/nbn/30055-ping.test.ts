import { describe, expect, it } from 'vitest';
import { rezCard } from '../../rules/rez.js';
import type { ServerId } from '../../state/types.js';
import {
  act,
  choose,
  corpActing,
  decisionKind,
  edit,
  handle,
  run,
  runnerActing,
  spawn,
  until,
} from '../../testing/kit.js';

/**
 * The Runner steals Send a Message from HQ (the Corp could not rez Ping at approach); the Corp
 * uses the agenda to rez Ping, protecting `pingOn`, mid-run.
 */
function rezzedByStolenSendAMessage(pingOn: ServerId) {
  let ping = '';
  let s = runnerActing({}, (g) => {
    ping = spawn(g, '30055', { zone: 'ice', server: pingOn });
    g.corp.hq = [];
    spawn(g, '30069', { zone: 'hq' });
    g.corp.credits = 0;
  });
  s = until(run(s, 'hq'), (x) => decisionKind(x) === 'access');
  s = choose(s, 'runner', 'continue');
  expect(decisionKind(s)).toBe('30069:rez');
  expect(s.context.run).not.toBeNull();
  s = choose(s, 'corp', ping, true);
  expect(s.context.cards[ping]?.rezzed).toBe(true);
  return s;
}

describe('Ping', () => {
  it('rezzed during a run on its server: the Runner takes 1 tag; [sub] ends the run', () => {
    let ice = '';
    let s = runnerActing({}, (g) => (ice = spawn(g, '30055', { zone: 'ice', server: 'hq' })));
    s = run(s, 'hq');
    s = act(s, 'corp', { type: 'rez', card: handle(s, ice, 'corp') });
    expect(s.context.runner.tags).toBe(1);
    // Nothing is left to rez and the Runner has no breaker: neither is asked again before the
    // subroutine fires, in the same step.
    expect(s.context.run).toBeNull();
  });

  it('rezzed outside a run (here by an effect): no tag', () => {
    let ice = '';
    const s = edit(
      corpActing({}, (g) => (ice = spawn(g, '30055', { zone: 'ice', server: 'hq' }))),
      (g) => rezCard(g, ice, { free: true }),
    );
    expect(s.context.runner.tags).toBe(0);
  });

  it('ruling: rezzed by a card ability mid-run (not at approach) it still tags, if it protects the attacked server', () => {
    expect(rezzedByStolenSendAMessage('hq').context.runner.tags).toBe(1);
  });

  it('rezzed during a run on another server: no tag', () => {
    expect(rezzedByStolenSendAMessage('rd').context.runner.tags).toBe(0);
  });
});
