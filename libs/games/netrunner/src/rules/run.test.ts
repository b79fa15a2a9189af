import { describe, expect, it } from 'vitest';
import {
  act,
  can,
  choose,
  decisionKind,
  deciders,
  handle,
  legal,
  run,
  runnerActing,
  spawn,
  topWindowKind,
} from '../testing/kit.js';

describe('runs', () => {
  it('an unprotected server: movement (jack-out chance), approach, success, breach, access', () => {
    let agenda = '';
    let s = runnerActing(
      {},
      (g) => (agenda = spawn(g, '30067', { zone: 'root', server: 'remote1' })),
    );
    s = run(s, 'remote1');
    expect(s.context.runner.clicks).toBe(3);
    expect(decisionKind(s)).toBe('jack-out');
    s = choose(s, 'runner', 'continue');
    // 6.9.4e: the Corp's last window before the approach (its default policy is stop).
    expect(topWindowKind(s)).toBe('run-approach-server');
    expect(deciders(s)).toEqual(['corp']);
    s = act(s, 'corp', { type: 'pass' });
    expect(decisionKind(s)).toBe('access');
    expect(s.context.run?.successful).toBe(true);
    s = choose(s, 'runner', 'continue');
    expect(s.context.runner.scored).toEqual([agenda]);
    expect(s.context.run).toBeNull();
  });

  it('jacking out ends the run unsuccessfully', () => {
    let s = run(runnerActing(), 'hq');
    s = choose(s, 'runner', 'jack-out');
    expect(s.context.run).toBeNull();
    expect(s.context.memory.successfulRunsOn).toEqual([]);
    expect(s.context.log.map((e) => e.text)).toContain(
      'Runner jacks out: the run is unsuccessful.',
    );
  });

  it('approach: a neutral rez window for the Corp even with nothing it can rez', () => {
    let s = runnerActing({}, (g) => {
      g.corp.credits = 0;
      spawn(g, '30072', { zone: 'ice', server: 'rd' });
    });
    s = run(s, 'rd');
    expect(topWindowKind(s)).toBe('run-approach-ice');
    expect(deciders(s)).toEqual(['corp']);
    expect(legal(s, 'corp').map((a) => a.type)).toEqual(['pass']);
    s = act(s, 'corp', { type: 'pass' });
    // Unrezzed ice is passed without an encounter.
    expect(decisionKind(s)).toBe('jack-out');
  });

  it('rezzed ice: encounter, break with a matching breaker, unbroken subroutines resolve', () => {
    let cleaver = '';
    let palisade = '';
    let s = runnerActing({}, (g) => {
      palisade = spawn(g, '30072', { zone: 'ice', server: 'rd' });
      cleaver = spawn(g, '30006', { zone: 'rig' });
    });
    s = run(s, 'rd');
    s = act(s, 'corp', { type: 'rez', card: handle(s, palisade, 'corp') });
    expect(s.context.cards[palisade]?.rezzed).toBe(true);
    // Nothing is left to rez: the Corp, keeping priority, is not asked again.
    expect(topWindowKind(s)).toBe('run-encounter');
    expect(deciders(s)).toEqual(['runner']);
    // Palisade is strength 2 on a central; Cleaver strength 3 breaks it for 1 credit.
    s = act(s, 'runner', {
      type: 'use',
      card: handle(s, cleaver, 'runner'),
      ability: 'break',
      subs: [0],
    });
    expect(s.context.run?.encounter?.broken).toEqual([true]);
    s = act(s, 'runner', { type: 'pass' });
    expect(decisionKind(s)).toBe('jack-out');
  });

  it('a breaker weaker than the ice cannot break until pumped; unbroken "end the run" ends it', () => {
    let cleaver = '';
    let palisade = '';
    let s = runnerActing({}, (g) => {
      palisade = spawn(g, '30072', { zone: 'ice', server: 'remote1' }, { rezzed: true });
      spawn(g, '30071', { zone: 'root', server: 'remote1' });
      cleaver = spawn(g, '30006', { zone: 'rig' });
    });
    s = run(s, 'remote1');
    s = act(s, 'corp', { type: 'pass' });
    // Palisade protecting a remote: strength 4 > Cleaver 3.
    const breakIt = {
      type: 'use',
      card: handle(s, cleaver, 'runner'),
      ability: 'break',
      subs: [0],
    } as const;
    expect(can(s, 'runner', breakIt)).toBe(false);
    s = act(s, 'runner', { type: 'use', card: handle(s, cleaver, 'runner'), ability: 'pump' });
    expect(can(s, 'runner', breakIt)).toBe(true);
    s = act(s, 'runner', { type: 'pass' });
    expect(s.context.run).toBeNull();
    expect(s.context.log.some((e) => e.text === 'The run is unsuccessful.')).toBe(true);
    expect(s.context.cards[palisade]?.rezzed).toBe(true);
  });

  it('paying the trash cost of an accessed asset trashes it faceup', () => {
    let asset = '';
    let s = runnerActing(
      {},
      (g) => (asset = spawn(g, '30071', { zone: 'root', server: 'remote1' })),
    );
    s = run(s, 'remote1');
    s = choose(s, 'runner', 'continue');
    s = act(s, 'corp', { type: 'pass' });
    const credits = s.context.runner.credits;
    s = choose(s, 'runner', 'trash');
    expect(s.context.runner.credits).toBe(credits - 3);
    expect(s.context.cards[asset]?.loc.zone).toBe('archives');
    expect(s.context.cards[asset]?.faceUp).toBe(true);
  });
});
