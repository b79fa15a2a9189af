import { describe, expect, it } from 'vitest';
import { memoryLimit } from '../../rules/limits.js';
import { moveCard } from '../../state/zones.js';
import type { Game } from '../../state/types.js';
import {
  advance,
  choices,
  choose,
  deciding,
  finishRun,
  handle,
  has,
  act,
  pick,
  iceOn,
  put,
  rootOn,
  runOn,
  runnerTurn,
  toGrip,
  toRig,
} from '../neutral-runner/test-kit.js';

const PANTO = '30023';
const asking = deciding(`${PANTO}:install`);
const accesses = (g: Game) => g.log.filter((l) => l.text.startsWith('Runner accesses')).length;

describe('Pantograph', () => {
  it('+1 memory; when an agenda is stolen: gain 1, then may install a grip card', () => {
    let cleaver = '';
    let s = runnerTurn({ runner: ['30023', '30006'], corp: ['30067'] }, (g) => {
      toRig(g, PANTO);
      cleaver = toGrip(g, '30006');
      rootOn(g, '30067', 'remote1');
    });
    expect(memoryLimit(s.context)).toBe(5);
    const credits = s.context.runner.credits;
    s = advance(runOn(s, 'remote1'), asking);
    expect(s.context.runner.credits).toBe(credits + 1);
    expect(choices(s, 'runner')).toContain(handle(s, cleaver, 'runner'));
    s = choose(s, 'runner', cleaver, true);
    expect(s.context.runner.rig).toContain(cleaver);
    expect(s.context.runner.credits).toBe(credits + 1 - 3);
  });

  it('can install a Trojan on a piece of ice of the Runner choice', () => {
    let botulus = '';
    let ice = '';
    let s = runnerTurn({ runner: ['30023', '30004'], corp: ['30067', '30072'] }, (g) => {
      toRig(g, PANTO);
      botulus = toGrip(g, '30004');
      ice = iceOn(g, '30072', 'rd', false);
      rootOn(g, '30067', 'remote1');
    });
    s = choose(advance(runOn(s, 'remote1'), asking), 'runner', botulus, true);
    expect(choices(s, 'runner')).toEqual([handle(s, ice, 'runner')]);
    s = choose(s, 'runner', ice, true);
    expect(s.context.cards[botulus]?.host).toBe(ice);
    expect(s.context.cards[botulus]?.counters.virus).toBe(1);
  });

  it('ruling: a card installed mid-breach does not change that breach (Docklands Pass)', () => {
    let docklands = '';
    let s = runnerTurn({ runner: ['30023', '30013'], corp: ['30067', '30067'] }, (g) => {
      toRig(g, PANTO);
      docklands = toGrip(g, '30013');
      for (const uid of [...g.corp.hq]) moveCard(g, uid, { zone: 'rd' });
      put(g, '30067', { zone: 'hq' });
      put(g, '30067', { zone: 'hq' });
    });
    const before = accesses(s.context);
    s = choose(advance(runOn(s, 'hq'), asking), 'runner', docklands, true);
    s = finishRun(s);
    expect(s.context.runner.rig).toContain(docklands);
    expect(accesses(s.context) - before).toBe(1);
    expect(s.context.corp.hq.length).toBe(1);
  });

  it('ruling: a card installed by it does not meet the trigger it was installed during', () => {
    let second = '';
    let first = '';
    let s = runnerTurn({ runner: ['30023', '30023'], corp: ['30067'] }, (g) => {
      first = toRig(g, PANTO);
      second = toGrip(g, PANTO);
      rootOn(g, '30067', 'remote1');
    });
    const credits = s.context.runner.credits;
    s = choose(advance(runOn(s, 'remote1'), asking), 'runner', second, true);
    s = finishRun(s);
    expect(s.context.runner.heap).toContain(first);
    expect(s.context.runner.rig).toContain(second);
    expect(s.context.runner.credits).toBe(credits + 1 - 2);
  });

  it('also when the Corp scores an agenda: gain 1, then may install', () => {
    let cleaver = '';
    let s = runnerTurn({ runner: ['30023', '30006'], corp: ['30067'] }, (g) => {
      toRig(g, PANTO);
      cleaver = toGrip(g, '30006');
      const agenda = rootOn(g, '30067', 'remote1');
      const c = g.cards[agenda];
      if (c) c.counters = { advancement: 4 };
      g.runner.clicks = 0;
    });
    s = advance(s, (x) => x.context.active === 'corp' && has(x, 'corp', (a) => a.type === 'score'));
    const credits = s.context.runner.credits;
    s = act(
      s,
      'corp',
      pick(s, 'corp', (a) => a.type === 'score'),
    );
    expect(asking(s)).toBe(true);
    expect(s.context.runner.credits).toBe(credits + 1);
    s = choose(s, 'runner', cleaver, true);
    expect(s.context.runner.rig).toContain(cleaver);
    expect(s.context.runner.credits).toBe(credits + 1 - 3);
  });
});
