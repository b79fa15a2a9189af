import { describe, expect, it } from 'vitest';
import { iceAtPosition } from '../../rules/run.js';
import {
  act,
  choose,
  decisionKind,
  encountering,
  fireSubroutines,
  handle,
  legal,
  spawn,
  topWindowKind,
  until,
  type Snap,
} from '../../testing/kit.js';

const breakSub = (s: Snap, ice: string, sub: number) =>
  act(s, 'runner', {
    type: 'use',
    card: handle(s, ice, 'runner'),
    ability: 'click-break',
    subs: [sub],
  });

const approachingIce = (x: Snap) =>
  x.context.run === null ||
  (x.context.run.step === 'approach-ice' && topWindowKind(x) === 'run-approach-ice');

describe('Brân 1.0', () => {
  it('[sub][sub] end the run; Lose [click] breaks 1 (Runner only)', () => {
    const { s, ice } = encountering('30039');
    expect(legal(s, 'corp').some((a) => a.type === 'use')).toBe(false);
    let t = breakSub(s, ice, 0);
    t = until(fireSubroutines(t), (x) => x.context.run === null);
    expect(t.context.log.some((e) => e.text === 'The run is unsuccessful.')).toBe(true);
  });

  it('[sub] installs ice from HQ directly inward, ignoring all costs; the Runner meets it next', () => {
    let wall = '';
    const { s, ice } = encountering('30039', 'hq', {}, (g) => {
      wall = spawn(g, '30072', { zone: 'hq' });
    });
    let t = breakSub(breakSub(s, ice, 1), ice, 2);
    t = fireSubroutines(t);
    expect(decisionKind(t)).toBe('30039:install');
    const credits = t.context.corp.credits;
    t = choose(t, 'corp', wall, true);
    t = choose(t, 'corp', 'done');
    expect(t.context.servers.hq?.ice).toEqual([wall, ice]);
    expect(t.context.corp.credits).toBe(credits);
    expect(t.context.run?.position).toBe(1);
    t = until(t, approachingIce);
    expect(iceAtPosition(t.context)).toBe(wall);
  });

  it('ruling: ice installed by Brân still costs its rez cost', () => {
    let wall = '';
    const { s, ice } = encountering('30039', 'hq', {}, (g) => {
      wall = spawn(g, '30072', { zone: 'archives' });
      g.cards[wall]!.faceUp = true;
    });
    let t = breakSub(breakSub(s, ice, 1), ice, 2);
    t = choose(fireSubroutines(t), 'corp', wall, true);
    t = until(t, approachingIce);
    const credits = t.context.corp.credits;
    t = act(t, 'corp', { type: 'rez', card: handle(t, wall, 'corp') });
    expect(t.context.cards[wall]?.rezzed).toBe(true);
    expect(t.context.corp.credits).toBeLessThan(credits);
  });

  it('ruling: trashing Brân while installing ends the encounter; the Runner meets the new ice', () => {
    let wall = '';
    const { s, ice } = encountering('30039', 'hq', {}, (g) => {
      wall = spawn(g, '30072', { zone: 'hq' });
    });
    let t = choose(fireSubroutines(s), 'corp', wall, true);
    expect(decisionKind(t)).toBe('install-trash');
    t = choose(t, 'corp', ice, true);
    expect(t.context.corp.archives).toContain(ice);
    expect(t.context.servers.hq?.ice).toEqual([wall]);
    // No more subroutines: the run goes on to the new ice.
    t = until(t, approachingIce);
    expect(t.context.run).not.toBeNull();
    expect(iceAtPosition(t.context)).toBe(wall);
  });

  it('ruling: positions are fixed before trashing; trashing inner ice keeps the new ice inward', () => {
    let wall = '';
    let inner = '';
    const { s, ice } = encountering('30039', 'hq', {}, (g) => {
      inner = spawn(g, '30074', { zone: 'ice', server: 'hq' }, { rezzed: true });
      g.servers.hq!.ice = [inner, g.servers.hq!.ice[0]!];
      wall = spawn(g, '30072', { zone: 'hq' });
    });
    let t = breakSub(breakSub(s, ice, 1), ice, 2);
    t = choose(fireSubroutines(t), 'corp', wall, true);
    t = choose(t, 'corp', inner, true);
    t = until(t, (x) => decisionKind(x) !== 'install-trash');
    expect(t.context.servers.hq?.ice).toEqual([wall, ice]);
    expect(t.context.run?.position).toBe(1);
    t = until(t, approachingIce);
    expect(iceAtPosition(t.context)).toBe(wall);
  });
});
