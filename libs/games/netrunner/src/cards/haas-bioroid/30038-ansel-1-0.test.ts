import { describe, expect, it } from 'vitest';
import {
  act,
  can,
  choose,
  decisionKind,
  encountering,
  fireSubroutines,
  handle,
  legal,
  spawn,
  until,
} from '../../testing/kit.js';

const BREAK = (ice: string, s: Parameters<typeof handle>[0], sub: number) => ({
  type: 'use' as const,
  card: handle(s, ice, 'runner'),
  ability: 'click-break',
  subs: [sub],
});

describe('Ansel 1.0', () => {
  it('Lose [click]: the Runner (only) breaks 1 subroutine', () => {
    const { s, ice } = encountering('30038');
    const clicks = s.context.runner.clicks;
    expect(legal(s, 'corp').some((a) => a.type === 'use')).toBe(false);
    const after = act(s, 'runner', BREAK(ice, s, 1));
    expect(after.context.runner.clicks).toBe(clicks - 1);
    expect(after.context.run?.encounter?.broken).toEqual([false, true, false]);
    const none = encountering('30038', 'hq', {}, (g) => (g.runner.clicks = 1));
    expect(can(none.s, 'runner', { type: 'use', ability: 'click-break' })).toBe(false);
  });

  it('[sub] trash 1 installed Runner card', () => {
    let program = '';
    const { s } = encountering('30038', 'hq', {}, (g) => {
      program = spawn(g, '30006', { zone: 'rig' });
    });
    let t = fireSubroutines(s);
    expect(decisionKind(t)).toBe('30038:trash');
    t = choose(t, 'corp', program, true);
    expect(t.context.runner.heap).toContain(program);
  });

  it('[sub] the Corp may install 1 card from HQ or Archives (here: Archives, paying)', () => {
    let wall = '';
    const { s, ice } = encountering('30038', 'hq', {}, (g) => {
      wall = spawn(g, '30072', { zone: 'archives' });
      g.cards[wall]!.faceUp = true;
    });
    let t = fireSubroutines(s);
    expect(decisionKind(t)).toBe('30038:install');
    t = choose(t, 'corp', wall, true);
    expect(decisionKind(t)).toBe('30038:where');
    const credits = t.context.corp.credits;
    t = choose(t, 'corp', 'hq');
    t = until(t, (x) => decisionKind(x) !== 'install-trash');
    expect(t.context.servers.hq?.ice).toEqual([ice, wall]);
    expect(t.context.corp.credits).toBe(credits - 1);
    // Still encountering Ansel 1.0 at its position.
    expect(t.context.run?.position).toBe(0);
  });

  it('[sub] the Runner cannot steal or trash Corp cards for the rest of the run', () => {
    const { s } = encountering('30038', 'hq', {}, (g) => (g.runner.credits = 20));
    const t = until(fireSubroutines(s), (x) => decisionKind(x) === 'access');
    expect(t.context.run?.mods.noStealOrTrash).toBe(true);
    expect(legal(t, 'runner').map((a) => (a.type === 'choose' ? a.value : ''))).toEqual([
      'continue',
    ]);
  });

  it('ruling: an agenda accessed after the third subroutine is not stolen', () => {
    let agenda = '';
    const { s } = encountering('30038', 'hq', {}, (g) => {
      for (const uid of [...g.corp.hq]) g.corp.hq.splice(g.corp.hq.indexOf(uid), 1);
      agenda = spawn(g, '30067', { zone: 'hq' });
    });
    const t = until(fireSubroutines(s), (x) => x.context.run === null);
    expect(t.context.runner.scored).not.toContain(agenda);
    expect(t.context.corp.hq).toContain(agenda);
  });

  it('ruling: Carnivore cannot trash an accessed card after the third subroutine', () => {
    let carnivore = '';
    let decoy = '';
    const { s } = encountering('30038', 'hq', {}, (g) => {
      g.runner.credits = 20;
      carnivore = spawn(g, '30003', { zone: 'rig' });
      decoy = spawn(g, '30006', { zone: 'rig' });
    });
    // The first subroutine trashes the other program, so Carnivore is still installed when
    // the Runner accesses; only the third subroutine stands between it and the accessed card.
    let t = fireSubroutines(s);
    expect(decisionKind(t)).toBe('30038:trash');
    t = choose(t, 'corp', decoy, true);
    t = until(t, (x) => decisionKind(x) === 'access');
    expect(t.context.runner.rig).toContain(carnivore);
    const values = legal(t, 'runner').map((a) => (a.type === 'choose' ? a.value : ''));
    expect(values.some((v) => v.startsWith('use:'))).toBe(false);
  });

  it('ruling: new ice goes outermost; trashing the Runner’s ice cannot leapfrog the Runner', () => {
    let wall = '';
    let inner = '';
    const { s, ice } = encountering('30038', 'hq', {}, (g) => {
      inner = spawn(g, '30072', { zone: 'ice', server: 'hq' }, { rezzed: true });
      g.servers.hq!.ice = [inner, g.servers.hq!.ice[0]!];
      wall = spawn(g, '30074', { zone: 'hq' });
    });
    const fixed = until(s, (x) => x.context.run?.position === 1);
    let t = fireSubroutines(fixed);
    t = choose(t, 'corp', wall, true);
    t = choose(t, 'corp', 'hq');
    expect(decisionKind(t)).toBe('install-trash');
    t = choose(t, 'corp', ice, true);
    t = choose(t, 'corp', 'done');
    expect(t.context.servers.hq?.ice).toEqual([inner, wall]);
    // Ansel's position was vacated; the new ice is outward of the Runner, who next meets the
    // inner ice, not the new one.
    // (Nobody is asked at that approach or encounter: Palisade is rezzed and the Runner has no
    // breaker, so the log tells what was met.)
    const logged = t.context.log.length;
    t = until(t, (x) => x.context.run?.step === 'approach-ice' || x.context.run === null);
    const approached = t.context.log
      .slice(logged)
      .filter((e) => e.text.startsWith('Runner approaches {0}'))
      .map((e) => e.cards[0]?.code);
    // Palisade (the inner ice), not Whitespace (the new one).
    expect(approached).toEqual(['30072']);
    expect(t.context.servers.hq?.ice[0]).toBe(inner);
  });
});
