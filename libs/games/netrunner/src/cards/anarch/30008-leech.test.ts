import { describe, expect, it } from 'vitest';
import { iceStrength } from '../../rules/strength.js';
import {
  advance,
  canUse,
  edit,
  finishRun,
  iceOn,
  rootOn,
  runOn,
  runnerTurn,
  toRig,
  use,
} from '../neutral-runner/test-kit.js';

describe('Leech', () => {
  it('gets a virus counter for each successful run on a central server only', () => {
    let uid = '';
    let s = runnerTurn({ runner: ['30008'], corp: ['30071'] }, (g) => {
      uid = toRig(g, '30008');
      rootOn(g, '30071', 'remote1');
    });
    s = finishRun(runOn(s, 'archives'));
    expect(s.context.cards[uid]?.counters.virus).toBe(1);
    s = finishRun(runOn(s, 'remote1'));
    expect(s.context.cards[uid]?.counters.virus).toBe(1);
  });

  it('hosted virus counter: the encountered ice gets -1 strength for this encounter', () => {
    let uid = '';
    let ice = '';
    let s = runnerTurn({ runner: ['30008'], corp: ['30072'] }, (g) => {
      uid = toRig(g, '30008');
      ice = iceOn(g, '30072', 'hq', true);
      const c = g.cards[uid];
      if (c) c.counters = { virus: 2 };
    });
    s = advance(
      runOn(s, 'hq'),
      (x) => x.context.run?.step === 'encounter' && x.context.pauses.windows.length > 0,
    );
    s = use(s, uid, 'weaken');
    expect(iceStrength(s.context, ice)).toBe(1);
    expect(s.context.cards[uid]?.counters.virus).toBe(1);
    s = finishRun(s);
    expect(iceStrength(s.context, ice)).toBe(2);
  });

  it('takes ice below 0 strength (CR: strength can be negative)', () => {
    let uid = '';
    let ice = '';
    let s = runnerTurn({ runner: ['30008'], corp: ['30072'] }, (g) => {
      uid = toRig(g, '30008');
      ice = iceOn(g, '30072', 'hq', true);
      const c = g.cards[uid];
      if (c) c.counters = { virus: 3 };
    });
    s = advance(
      runOn(s, 'hq'),
      (x) => x.context.run?.step === 'encounter' && x.context.pauses.windows.length > 0,
    );
    for (let i = 0; i < 3; i++) s = use(s, uid, 'weaken');
    expect(iceStrength(s.context, ice)).toBe(-1);
  });

  it('ruling: usable while encountering unrezzed ice (no "rezzed" condition)', () => {
    let uid = '';
    let ice = '';
    let s = runnerTurn({ runner: ['30008'], corp: ['30072'] }, (g) => {
      uid = toRig(g, '30008');
      ice = iceOn(g, '30072', 'hq', true);
      const c = g.cards[uid];
      if (c) c.counters = { virus: 1 };
    });
    s = advance(
      runOn(s, 'hq'),
      (x) => x.context.run?.step === 'encounter' && x.context.pauses.windows.length > 0,
    );
    s = edit(s, (g) => {
      const c = g.cards[ice];
      if (c) c.rezzed = false;
    });
    expect(canUse(s, uid, 'weaken')).toBe(true);
    s = use(s, uid, 'weaken');
    expect(s.context.run?.encounter?.iceStrength).toBe(-1);
  });
});
