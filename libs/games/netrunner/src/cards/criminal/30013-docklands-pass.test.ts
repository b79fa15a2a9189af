import { describe, expect, it } from 'vitest';
import type { Game } from '../../state/types.js';
import {
  advance,
  choose,
  deciding,
  finishRun,
  iceOn,
  install,
  nextRunnerTurn,
  runOn,
  runnerTurn,
  toGrip,
  toRig,
} from '../neutral-runner/test-kit.js';

const accesses = (g: Game) => g.log.filter((l) => l.text.startsWith('Runner accesses')).length;

function breachHq(s: ReturnType<typeof runnerTurn>) {
  const before = accesses(s.context);
  const after = finishRun(runOn(s, 'hq'));
  return { s: after, n: accesses(after.context) - before };
}

describe('Docklands Pass', () => {
  it('the first breach of HQ each turn accesses 1 additional card', () => {
    let s = runnerTurn({ runner: ['30013'] }, (g) => void toRig(g, '30013'));
    let r = breachHq(s);
    expect(r.n).toBe(2);
    r = breachHq(r.s);
    expect(r.n).toBe(1);
    s = nextRunnerTurn(r.s);
    expect(breachHq(s).n).toBe(2);
  });

  it('an HQ breach earlier this turn, before it was installed, was the first', () => {
    let uid = '';
    let s = runnerTurn({ runner: ['30013'] }, (g) => void (uid = toGrip(g, '30013')));
    s = breachHq(s).s;
    s = install(s, uid);
    expect(breachHq(s).n).toBe(1);
  });

  it('ruling: only a breach that takes place counts (a run on HQ ended before it does not)', () => {
    let s = runnerTurn({ runner: ['30013'], corp: ['30072'] }, (g) => {
      toRig(g, '30013');
      iceOn(g, '30072', 'hq', false);
    });
    s = advance(runOn(s, 'hq'), deciding('jack-out'));
    s = finishRun(choose(s, 'runner', 'jack-out'));
    expect(s.context.memory.runsOn).toEqual(['hq']);
    expect(breachHq(s).n).toBe(2);
  });
});
