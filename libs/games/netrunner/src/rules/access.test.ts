import { describe, expect, it } from 'vitest';
import {
  choose,
  decisionKind,
  deciders,
  legal,
  run,
  runnerActing,
  spawn,
  until,
} from '../testing/kit.js';
import type { Snap } from '../testing/kit.js';

/** From the Runner's action window: run an unprotected central and reach the first access. */
function breach(s: Snap, server: 'hq' | 'rd' | 'archives'): Snap {
  let t = run(s, server);
  t = choose(t, 'runner', 'continue');
  return until(t, (x) => x.context.pauses.decisions.length > 0 && x.context.run?.step === 'breach');
}

describe('breach and access', () => {
  it('R&D: the top card, seen by the Runner only; agendas are stolen', () => {
    let top = '';
    let s = runnerActing({}, (g) => (top = spawn(g, '30067', { zone: 'rd' })));
    s = breach(s, 'rd');
    expect(decisionKind(s)).toBe('access');
    expect(s.context.run?.breach?.current?.uid).toBe(top);
    const entry = s.context.log.at(-1);
    expect(entry?.cards[0]?.seenBy).toEqual(['runner']);
    s = choose(s, 'runner', 'continue');
    expect(s.context.runner.scored).toEqual([top]);
  });

  it('HQ: one random card, seen by both players', () => {
    let s = breach(runnerActing(), 'hq');
    const current = s.context.run?.breach?.current?.uid ?? '';
    expect(s.context.corp.hq).toContain(current);
    expect(s.context.log.at(-1)?.cards[0]?.seenBy).toEqual(['runner', 'corp']);
    s = choose(s, 'runner', 'continue');
    expect(s.context.run).toBeNull();
  });

  it('Archives: facedown cards turn faceup, every card is accessed, none can be trashed', () => {
    let s = runnerActing({}, (g) => {
      spawn(g, '30071', { zone: 'archives' });
      spawn(g, '30075', { zone: 'archives' });
    });
    s = breach(s, 'archives');
    expect(s.context.corp.archives.every((u) => s.context.cards[u]?.faceUp)).toBe(true);
    expect(legal(s, 'runner').map((a) => (a.type === 'choose' ? a.value : a.type))).toEqual([
      'continue',
    ]);
    const inArchives = s.context.corp.archives.length;
    let accesses = 0;
    while (s.context.run) {
      expect(decisionKind(s)).toBe('access');
      s = choose(s, 'runner', 'continue');
      accesses += 1;
    }
    expect(accesses).toBe(inArchives);
  });

  it('an upgrade in the root of a central is a candidate: the Runner picks the order', () => {
    let upgrade = '';
    let s = runnerActing({}, (g) => (upgrade = spawn(g, '30042', { zone: 'root', server: 'rd' })));
    s = breach(s, 'rd');
    expect(decisionKind(s)).toBe('breach-next');
    s = choose(s, 'runner', upgrade, true);
    expect(s.context.run?.breach?.current?.uid).toBe(upgrade);
    s = choose(s, 'runner', 'continue');
    expect(decisionKind(s)).toBe('access');
    expect(deciders(s)).toEqual(['runner']);
  });
});
