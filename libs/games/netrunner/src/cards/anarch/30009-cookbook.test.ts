import { describe, expect, it } from 'vitest';
import {
  choices,
  choose,
  deciders,
  install,
  orderFirst,
  runnerTurn,
  toGrip,
  toRig,
} from '../neutral-runner/test-kit.js';

describe('Cookbook', () => {
  it('may place 1 virus counter on each virus program the Runner installs', () => {
    let uid = '';
    let cookbook = '';
    let s = runnerTurn({ runner: ['30009', '30007', '30007'] }, (g) => {
      cookbook = toRig(g, '30009');
      uid = toGrip(g, '30007');
    });
    s = orderFirst(install(s, uid), cookbook);
    expect(choices(s, 'runner')).toEqual(['yes', 'no']);
    s = choose(s, 'runner', 'yes');
    expect(s.context.cards[uid]?.counters.virus).toBe(2);
  });

  it('the Runner may decline', () => {
    let uid = '';
    let cookbook = '';
    let s = runnerTurn({ runner: ['30009', '30007'] }, (g) => {
      cookbook = toRig(g, '30009');
      uid = toGrip(g, '30007');
    });
    s = choose(orderFirst(install(s, uid), cookbook), 'runner', 'no');
    expect(s.context.cards[uid]?.counters.virus).toBe(1);
  });

  it('ignores programs that are not viruses', () => {
    let uid = '';
    let s = runnerTurn({ runner: ['30009', '30006'] }, (g) => {
      toRig(g, '30009');
      uid = toGrip(g, '30006');
    });
    s = install(s, uid);
    expect(s.context.pauses.decisions).toEqual([]);
    expect(deciders(s)).toEqual(['runner']);
  });
});
