import { describe, expect, it } from 'vitest';
import { CARDS } from '../catalog/index.js';
import { agendaPoints } from '../rules/agenda-points.js';
import { maxHandSize, memoryLimit, memoryUsed } from '../rules/limits.js';
import { breakerStrength, iceStrength } from '../rules/strength.js';
import { behaviourOf } from './registry.js';
import {
  act,
  can,
  choose,
  corpActing,
  decisionKind,
  edit,
  encountering,
  handle,
  legal,
  run,
  runnerActing,
  spawn,
  until,
  type Snap,
} from '../testing/kit.js';

/**
 * The printed numbers of every card of the pool, as the engine applies them: play, install and
 * rez costs (enforced and paid), trash costs, memory costs, strength, agenda points and
 * advancement requirements, uniqueness. The catalog itself is checked against the printed
 * reference (catalog.test.ts); here the rules are checked against the catalog. Byte! (35050)
 * belongs to another suite.
 */

const MINE = CARDS.filter((c) => c.code !== '35050');
const of = (type: string) => MINE.filter((c) => c.type === type);
const named = <T extends { code: string; title: string }>(cards: readonly T[]) =>
  cards.map((c) => [c.code, c.title, c] as const);

const RUNNER_INSTALLABLE = [...of('program'), ...of('hardware'), ...of('resource')];

/** The Runner at turn 2 with `code` in the grip, `credits` in its pool and a rezzed ice. */
function runnerWith(code: string, credits: number): { s: Snap; uid: string } {
  let uid = '';
  const s = runnerActing({}, (g) => {
    uid = spawn(g, code, { zone: 'grip' });
    spawn(g, '30072', { zone: 'ice', server: 'hq' }, { rezzed: true });
    g.runner.credits = credits;
  });
  return { s, uid };
}

describe('printed install cost of every Runner program, hardware and resource', () => {
  it.each(named(RUNNER_INSTALLABLE))('%s %s', (code, _title, card) => {
    const cost = card.cost ?? 0;
    const hosted = behaviourOf(code)?.statics?.hostOnIce === true;
    if (cost > 0) {
      const poor = runnerWith(code, cost - 1);
      expect(
        can(poor.s, 'runner', { type: 'install', card: handle(poor.s, poor.uid, 'runner') }),
      ).toBe(false);
    }
    const { s, uid } = runnerWith(code, cost);
    const action = legal(s, 'runner').find(
      (a) => a.type === 'install' && a.card === handle(s, uid, 'runner'),
    );
    expect(action, 'install is legal with exactly the printed cost').toBeDefined();
    if (hosted) expect(action?.type === 'install' && action.host).toBeTruthy();
    const memory = memoryLimit(s.context);
    const after = act(s, 'runner', action!);
    expect(after.context.runner.rig).toContain(uid);
    expect(after.context.runner.credits).toBe(0);
    expect(after.context.runner.clicks).toBe(s.context.runner.clicks - 1);
    if (card.type === 'program') expect(memoryUsed(after.context)).toBe(card.memoryCost);
    const bonus = behaviourOf(code)?.statics?.memory ?? 0;
    expect(memoryLimit(after.context)).toBe(memory + bonus);
  });
});

describe('printed play cost of every event and operation', () => {
  const events = of('event');
  const operations = of('operation');

  it.each(named(events))('%s %s', (code, _title, card) => {
    const cost = card.cost ?? 0;
    if (cost > 0) {
      const poor = runnerWith(code, cost - 1);
      expect(
        can(poor.s, 'runner', { type: 'play', card: handle(poor.s, poor.uid, 'runner') }),
      ).toBe(false);
    }
    const { s, uid } = runnerWith(code, cost);
    expect(can(s, 'runner', { type: 'play', card: handle(s, uid, 'runner') })).toBe(true);
  });

  it.each(named(operations))('%s %s', (code, _title, card) => {
    const cost = card.cost ?? 0;
    // Play restrictions and targets, met so that only the cost decides.
    const arrange = (credits: number) => {
      let op = '';
      const s = corpActing({}, (g) => {
        op = spawn(g, code, { zone: 'hq' });
        g.corp.credits = credits;
        g.runner.tags = 1;
        g.memory.runnerSucceededLastTurn = true;
        spawn(g, '30031', { zone: 'rig' });
        spawn(g, '30072', { zone: 'ice', server: 'hq' });
      });
      return { s, op };
    };
    if (cost > 0) {
      const poor = arrange(cost - 1);
      expect(can(poor.s, 'corp', { type: 'play', card: handle(poor.s, poor.op, 'corp') })).toBe(
        false,
      );
    }
    const { s, op } = arrange(cost);
    expect(can(s, 'corp', { type: 'play', card: handle(s, op, 'corp') })).toBe(true);
  });
});

describe('printed rez cost of every asset and upgrade', () => {
  const rezzable = [...of('asset'), ...of('upgrade')];
  it.each(named(rezzable))('%s %s', (code, _title, card) => {
    const cost = card.cost ?? 0;
    const arrange = (credits: number) => {
      let uid = '';
      const s = corpActing({}, (g) => {
        uid = spawn(g, code, { zone: 'root', server: 'remote1' });
        g.corp.credits = credits;
      });
      return { s, uid };
    };
    if (cost > 0) {
      const poor = arrange(cost - 1);
      expect(can(poor.s, 'corp', { type: 'rez', card: handle(poor.s, poor.uid, 'corp') })).toBe(
        false,
      );
    }
    const { s, uid } = arrange(cost);
    const after = act(s, 'corp', { type: 'rez', card: handle(s, uid, 'corp') });
    expect(after.context.cards[uid]?.rezzed).toBe(true);
    expect(after.context.corp.credits).toBe(0);
  });
});

describe('printed rez cost of every piece of ice (rezzed as the Runner approaches it)', () => {
  it.each(named(of('ice')))('%s %s', (code, _title, card) => {
    const cost = card.cost ?? 0;
    const approached = (credits: number) => {
      let uid = '';
      let s = runnerActing({}, (g) => {
        uid = spawn(g, code, { zone: 'ice', server: 'hq' });
        g.corp.credits = credits;
        // A breaker in sight: the Runner is asked at the encounter, before subroutines fire
        // (Tithe's would give the Corp a credit).
        spawn(g, '30005', { zone: 'rig' });
      });
      s = until(
        run(s, 'hq'),
        (x) =>
          x.context.run?.step === 'approach-ice' && legal(x, 'corp').some((a) => a.type === 'pass'),
      );
      return { s, uid };
    };
    if (cost > 0) {
      const poor = approached(cost - 1);
      expect(can(poor.s, 'corp', { type: 'rez', card: handle(poor.s, poor.uid, 'corp') })).toBe(
        false,
      );
    }
    const { s, uid } = approached(cost);
    const after = act(s, 'corp', { type: 'rez', card: handle(s, uid, 'corp') });
    expect(after.context.cards[uid]?.rezzed).toBe(true);
    expect(after.context.corp.credits).toBe(0);
  });
});

describe('printed trash cost of every asset and upgrade (accessed in a remote)', () => {
  const trashable = [...of('asset'), ...of('upgrade')];
  const access = (code: string, credits: number) => {
    let uid = '';
    let s = runnerActing({}, (g) => {
      uid = spawn(g, code, { zone: 'root', server: 'remote1' });
      g.runner.credits = credits;
    });
    s = until(run(s, 'remote1'), (x) => decisionKind(x) === 'access' || x.context.run === null);
    return { s, uid };
  };
  const values = (s: Snap) => legal(s, 'runner').map((a) => (a.type === 'choose' ? a.value : ''));

  it.each(named(trashable))('%s %s', (code, _title, card) => {
    const cost = card.trashCost ?? 0;
    if (cost > 0) expect(values(access(code, cost - 1).s)).not.toContain('trash');
    const { s, uid } = access(code, cost);
    expect(values(s)).toContain('trash');
    const after = choose(s, 'runner', 'trash');
    expect(after.context.corp.archives).toContain(uid);
    expect(after.context.runner.credits).toBe(0);
  });
});

describe('printed strength', () => {
  it.each(named(of('ice')))('%s %s (rezzed, protecting HQ)', (code, _title, card) => {
    const s = corpActing(
      {},
      (g) => void spawn(g, code, { zone: 'ice', server: 'hq' }, { rezzed: true }),
    );
    const ice = s.context.servers.hq!.ice[0]!;
    expect(iceStrength(s.context, ice)).toBe(card.strength);
  });

  const breakers = of('program').filter((c) => c.strength !== undefined);
  it.each(named(breakers))('%s %s (installed alone)', (code, _title, card) => {
    let uid = '';
    const s = runnerActing({}, (g) => void (uid = spawn(g, code, { zone: 'rig' })));
    // Echelon: +1 for each installed icebreaker, itself included.
    const own = code === '30025' ? 1 : 0;
    expect(breakerStrength(s.context, uid)).toBe((card.strength ?? 0) + own);
  });
});

describe('printed subroutines of every piece of ice', () => {
  it.each(named(of('ice')))('%s %s', (code, _title, card) => {
    const printed = card.text.split('[subroutine]').length - 1;
    expect(behaviourOf(code)?.subroutines?.length).toBe(printed);
  });
});

describe('icebreakers break only the ice subtype their own subtype names', () => {
  const BREAKS: Record<string, string | null> = {
    Fracter: 'Barrier',
    Decoder: 'Code Gate',
    Killer: 'Sentry',
    AI: null,
  };
  // One piece of ice of each subtype: Palisade (barrier), Whitespace (code gate), Tithe (sentry).
  const ICE = [
    ['30072', 'Barrier'],
    ['30074', 'Code Gate'],
    ['30073', 'Sentry'],
  ] as const;
  const breakers = of('program').filter((c) => c.subtypes.includes('Icebreaker'));

  it.each(named(breakers))('%s %s', (code, _title, card) => {
    const kind = card.subtypes.find((t) => t in BREAKS) ?? '';
    expect(kind in BREAKS).toBe(true);
    for (const [ice, subtype] of ICE) {
      let breaker = '';
      let { s } = encountering(ice, 'hq', {}, (g) => {
        breaker = spawn(g, code, { zone: 'rig' });
        g.runner.credits = 20;
      });
      // Strength aside: the ice is far weaker than any breaker here.
      s = edit(s, (g) => void (g.run!.encounter!.iceStrength = -20));
      const canBreak = legal(s, 'runner').some(
        (a) => a.type === 'use' && a.card === handle(s, breaker, 'runner') && a.ability === 'break',
      );
      expect(canBreak, `${card.title} vs ${subtype}`).toBe(
        BREAKS[kind] === null || BREAKS[kind] === subtype,
      );
    }
  });
});

describe('printed agenda points and advancement requirement', () => {
  it.each(named(of('agenda')))('%s %s', (code, _title, card) => {
    const req = card.advancementCost ?? 0;
    let agenda = '';
    let s = corpActing({}, (g) => {
      agenda = spawn(g, code, { zone: 'root', server: 'remote1' });
      g.cards[agenda]!.counters = { advancement: req - 1 };
    });
    expect(can(s, 'corp', { type: 'score', card: handle(s, agenda, 'corp') })).toBe(false);
    s = act(s, 'corp', { type: 'advance', card: handle(s, agenda, 'corp') });
    s = act(s, 'corp', { type: 'score', card: handle(s, agenda, 'corp') });
    expect(s.context.corp.scored).toContain(agenda);
    expect(agendaPoints(s.context, 'corp')).toBe(card.agendaPoints);
  });
});

describe('uniqueness', () => {
  const unique = MINE.filter((c) => c.unique);

  it('the unique cards of the pool', () => {
    expect(unique.map((c) => c.code)).toEqual([
      '30003',
      '30009',
      '30013',
      '30014',
      '30023',
      '30034',
      '30042',
      '30050',
      '30053',
      '30058',
      '30066',
    ]);
  });

  it.each(named(unique.filter((c) => c.side === 'runner')))(
    '%s %s: installing a second copy trashes the first',
    (code) => {
      let first = '';
      let second = '';
      let s = runnerActing({}, (g) => {
        first = spawn(g, code, { zone: 'rig' });
        second = spawn(g, code, { zone: 'grip' });
        g.runner.credits = 10;
      });
      s = act(s, 'runner', { type: 'install', card: handle(s, second, 'runner') });
      expect(s.context.runner.rig).toContain(second);
      expect(s.context.runner.rig).not.toContain(first);
      expect(s.context.runner.heap).toContain(first);
    },
  );

  it.each(named(unique.filter((c) => c.side === 'corp')))(
    '%s %s: rezzing a second copy trashes the first',
    (code) => {
      let first = '';
      let second = '';
      let s = corpActing({}, (g) => {
        first = spawn(g, code, { zone: 'root', server: 'remote1' }, { rezzed: true });
        second = spawn(g, code, { zone: 'root', server: 'remote2' });
        g.corp.credits = 10;
      });
      s = until(
        act(s, 'corp', { type: 'rez', card: handle(s, second, 'corp') }),
        (x) => x.context.pauses.decisions.length === 0,
      );
      expect(s.context.cards[second]?.rezzed).toBe(true);
      expect(s.context.corp.archives).toContain(first);
    },
  );
});

describe('maximum hand size', () => {
  it('Haas-Bioroid: Precision Design, T400 Memory Diamond, Superconducting Hub (scored)', () => {
    expect(maxHandSize(corpActing({ corpIdentity: '30035' }).context, 'corp')).toBe(6);
    const t400 = runnerActing({}, (g) => void spawn(g, '30031', { zone: 'rig' }));
    expect(maxHandSize(t400.context, 'runner')).toBe(6);
    const hub = corpActing({}, (g) => void spawn(g, '30070', { zone: 'scored', side: 'corp' }));
    expect(maxHandSize(hub.context, 'corp')).toBe(7);
  });
});
