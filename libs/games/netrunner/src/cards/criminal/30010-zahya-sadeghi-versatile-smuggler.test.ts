import { describe, expect, it } from 'vitest';
import {
  advance,
  choices,
  choose,
  deciding,
  edit,
  finishRun,
  iceOn,
  nextRunnerTurn,
  play,
  runOn,
  runnerTurn,
  toGrip,
  toRig,
} from '../neutral-runner/test-kit.js';

const ZAHYA = '30010';
const asking = deciding(`${ZAHYA}:gain`);

describe('Zahya Sadeghi: Versatile Smuggler', () => {
  it('once per turn, when a run on HQ or R&D ends: may gain 1 per access', () => {
    let jb = '';
    let s = runnerTurn({ runnerIdentity: ZAHYA, runner: ['30028'] }, (g) => {
      jb = toGrip(g, '30028');
    });
    s = choose(play(s, jb), 'runner', 'rd');
    s = advance(s, asking);
    expect(choices(s, 'runner')).toEqual(['yes', 'no']);
    const credits = s.context.runner.credits;
    s = choose(s, 'runner', 'yes');
    expect(s.context.runner.credits).toBe(credits + 2);
    s = finishRun(s);
    s = finishRun(runOn(s, 'hq'));
    expect(s.context.runner.credits).toBe(credits + 2);
    // Once per turn: offered again on the next turn.
    s = advance(runOn(nextRunnerTurn(s), 'hq'), asking);
    expect(choices(s, 'runner')).toEqual(['yes', 'no']);
  });

  it('declining keeps it for a later run this turn; Archives and remotes never count', () => {
    let s = runnerTurn({ runnerIdentity: ZAHYA });
    s = finishRun(runOn(s, 'archives'));
    s = advance(runOn(s, 'hq'), asking);
    s = choose(s, 'runner', 'no');
    s = finishRun(s);
    s = advance(runOn(s, 'rd'), asking);
    const credits = s.context.runner.credits;
    s = choose(s, 'runner', 'yes');
    expect(s.context.runner.credits).toBe(credits + 1);
  });

  it('ruling: counts each time a card was accessed (not distinct cards)', () => {
    let s = runnerTurn({ runnerIdentity: ZAHYA });
    s = advance(runOn(s, 'hq'), deciding('access'));
    // As if a card had been accessed a second time in this run (Bacterial Programming-like).
    s = edit(s, (g) => {
      if (g.run?.breach) g.run.breach.accessed += 1;
    });
    s = advance(s, asking);
    const credits = s.context.runner.credits;
    s = choose(s, 'runner', 'yes');
    expect(s.context.runner.credits).toBe(credits + 2);
  });

  it('ruling: the run need not be successful', () => {
    let s = runnerTurn({ runnerIdentity: ZAHYA, corp: ['30072'], runner: ['30005'] }, (g) => {
      iceOn(g, '30072', 'hq', true);
      // A breaker in sight (a decoder, useless here): the Runner is asked at the encounter.
      toRig(g, '30005');
    });
    s = advance(runOn(s, 'hq'), (x) => x.context.run?.step === 'encounter');
    // A card accessed during the run outside a breach (Otoroshi-like), then the run ends.
    s = edit(s, (g) => {
      if (!g.run) return;
      g.run.breach = {
        server: 'hq',
        pileLeft: 0,
        pending: [],
        seen: [],
        current: null,
        accessed: 1,
      };
    });
    s = advance(s, asking);
    expect(s.context.run?.successful).toBe(false);
    const credits = s.context.runner.credits;
    s = choose(s, 'runner', 'yes');
    expect(s.context.runner.credits).toBe(credits + 1);
  });
});
