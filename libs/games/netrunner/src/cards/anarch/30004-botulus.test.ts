import { describe, expect, it } from 'vitest';
import { derezCard } from '../../rules/rez.js';
import { trashCard } from '../../rules/trash.js';
import {
  advance,
  canUse,
  edit,
  encountering,
  finishRun,
  hostedInstallOffers,
  iceOn,
  install,
  nextRunnerTurn,
  runOn,
  runnerTurn,
  toGrip,
  use,
} from '../neutral-runner/test-kit.js';

describe('Botulus', () => {
  it('installs only on ice, gets a virus counter on install and when the Runner turn begins', () => {
    let uid = '';
    let ice = '';
    let s = runnerTurn({ runner: ['30004'], corp: ['30072'] }, (g) => {
      uid = toGrip(g, '30004');
      ice = iceOn(g, '30072', 'hq', true);
    });
    s = install(s, uid, ice);
    expect(s.context.cards[uid]?.host).toBe(ice);
    expect(s.context.cards[uid]?.counters.virus).toBe(1);
    s = nextRunnerTurn(s);
    expect(s.context.cards[uid]?.counters.virus).toBe(2);
  });

  it('hosted virus counter: breaks 1 subroutine on its host ice only', () => {
    let uid = '';
    let other = '';
    let s = runnerTurn({ runner: ['30004'], corp: ['30072', '30072'] }, (g) => {
      uid = toGrip(g, '30004');
      iceOn(g, '30072', 'hq', true);
      other = iceOn(g, '30072', 'rd', true);
    });
    s = install(s, uid, other);
    s = advance(runOn(s, 'hq'), encountering);
    expect(canUse(s, uid, 'break')).toBe(false);
    s = finishRun(s);
    s = advance(runOn(s, 'rd'), encountering);
    s = use(s, uid, 'break');
    expect(s.context.cards[uid]?.counters.virus ?? 0).toBe(0);
    expect(s.context.run?.encounter?.broken).toEqual([true]);
    s = finishRun(s);
    expect(s.context.memory.successfulRunsOn).toContain('rd');
  });

  it('ruling: trashed with its host ice; kept, with its counters, when the host is derezzed', () => {
    let uid = '';
    let ice = '';
    let s = runnerTurn({ runner: ['30004'], corp: ['30072'] }, (g) => {
      uid = toGrip(g, '30004');
      ice = iceOn(g, '30072', 'hq', true);
    });
    s = install(s, uid, ice);
    const derezzed = edit(s, (g) => derezCard(g, ice));
    expect(derezzed.context.runner.rig).toContain(uid);
    expect(derezzed.context.cards[uid]?.host).toBe(ice);
    expect(derezzed.context.cards[uid]?.counters.virus).toBe(1);
    const trashed = edit(s, (g) => trashCard(g, ice, 'corp'));
    expect(trashed.context.runner.heap).toContain(uid);
  });

  it('install only on a piece of ice: not installable while no ice is installed', () => {
    const { withoutIce, withIce } = hostedInstallOffers('30004');
    expect(withoutIce.length).toBe(0);
    expect(withIce.length).toBe(1);
    expect(withIce.every((a) => a.type === 'install' && a.host !== undefined)).toBe(true);
  });
});
