import { describe, expect, it } from 'vitest';
import { decide } from '@veil/ai';
import { netrunner } from '../module.js';
import { runnerActing, spawn } from '../testing/kit.js';

/** Offworld Office, a 2-point Weyland agenda (its printed facts are all the test needs). */
const AGENDA = '30067';

describe('the bots find a win they can infer from their view', () => {
  it('the Runner at 6 points runs the unprotected remote that can only hold an agenda', () => {
    // The Corp's deck is Hedge Funds and six agendas; three are scored by the Runner, so the
    // facedown card alone in remote1 (agenda, asset or upgrade) can only be an agenda.
    const s = runnerActing({ corp: Array.from({ length: 6 }, () => AGENDA) }, (g) => {
      for (let i = 0; i < 3; i++) spawn(g, AGENDA, { zone: 'scored', side: 'runner' });
      spawn(g, AGENDA, { zone: 'root', server: 'remote1' });
    });
    const view = netrunner.view(s, 'runner');
    const legalActions = netrunner.legalActions(s, 'runner');
    expect(legalActions.some((a) => a.type === 'run' && a.server === 'remote1')).toBe(true);
    // Greedy looks one ply ahead: a run has choices (windows) before the steal, so it is left out.
    for (const level of ['ismcts', 'expert'] as const) {
      const { action } = decide(netrunner, {
        view,
        legalActions,
        seat: 'runner',
        level,
        seed: 'win',
        iterations: 60,
      });
      expect(action, level).toEqual({ type: 'run', server: 'remote1' });
    }
  });
});
