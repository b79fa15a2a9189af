import { describe, expect, it } from 'vitest';
import { netrunner } from '../../module.js';
import {
  choices,
  choose,
  finishRun,
  handle,
  play,
  put,
  runOn,
  runnerTurn,
  toGrip,
} from '../neutral-runner/test-kit.js';

describe('Mutual Favor', () => {
  it('searches the stack for an icebreaker, reveals it, adds it to the grip, shuffles', () => {
    let uid = '';
    let cleaver = '';
    let s = runnerTurn({ runner: ['30011', '30006', '30007'] }, (g) => {
      uid = toGrip(g, '30011');
      cleaver = put(g, '30006', { zone: 'stack' });
      put(g, '30007', { zone: 'stack' });
    });
    s = play(s, uid);
    // The Runner looks at its stack during the search; only icebreakers are choices.
    expect(choices(s, 'runner')).toEqual([handle(s, cleaver, 'runner')]);
    const offered = netrunner.view(s, 'runner').legalActions ?? [];
    expect(offered.map((a) => (a.type === 'choose' ? a.key : ''))).toEqual(['30006']);
    expect(netrunner.view(s, 'corp').legalActions ?? []).toEqual([]);
    s = choose(s, 'runner', cleaver, true);
    expect(s.context.runner.grip).toContain(cleaver);
    expect(
      s.context.log.some((l) => l.text === 'Runner reveals {0}.' && l.cards[0]?.code === '30006'),
    ).toBe(true);
    expect(s.context.cards[s.context.runner.stack[0] as string]?.peek ?? []).toEqual([]);
  });

  it('after a successful run this turn, the Runner may install it (paying its cost)', () => {
    let uid = '';
    let cleaver = '';
    let s = runnerTurn({ runner: ['30011', '30006'] }, (g) => {
      uid = toGrip(g, '30011');
      cleaver = put(g, '30006', { zone: 'stack' });
    });
    s = finishRun(runOn(s, 'archives'));
    const credits = s.context.runner.credits;
    s = choose(play(s, uid), 'runner', cleaver, true);
    expect(choices(s, 'runner')).toEqual(['install', 'grip']);
    s = choose(s, 'runner', 'install');
    expect(s.context.runner.rig).toContain(cleaver);
    expect(s.context.runner.credits).toBe(credits - 3);
  });

  it('pins both key halves: the revealed icebreaker is public to the Corp', () => {
    let uid = '';
    let s = runnerTurn({ runner: ['30011', '30006'] }, (g) => {
      uid = toGrip(g, '30011');
      put(g, '30006', { zone: 'stack' });
    });
    s = play(s, uid);
    const [found] = netrunner.legalActions(s, 'runner');
    if (!found) throw new Error('missing option');
    expect(netrunner.actionKey(found, 'runner')).toBe('choose:30011:search:30006');
    expect(netrunner.observedActionKey(found, 'runner', 'corp')).toBe('choose:30011:search:30006');
  });

  it('finds nothing when the stack holds no icebreaker', () => {
    let uid = '';
    let s = runnerTurn({ runner: ['30011'] }, (g) => {
      uid = toGrip(g, '30011');
    });
    s = play(s, uid);
    expect(choices(s, 'runner')).toEqual(['none']);
    const grip = s.context.runner.grip.length;
    s = choose(s, 'runner', 'none');
    expect(s.context.runner.grip.length).toBe(grip);
  });
});
