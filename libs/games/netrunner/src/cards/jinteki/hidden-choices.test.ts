import { describe, expect, it } from 'vitest';
import { applyAction, canonicalJson, Rng } from '@veil/engine';
import { netrunner } from '../../module.js';
import { perturb } from '../../privacy/perturb.js';
import {
  choose,
  legal,
  playOperation,
  run,
  runnerActing,
  scoreAgenda,
  spawn,
  until,
  decisionKind,
  type Snap,
} from '../../testing/kit.js';

/** What the Runner can observe of a state: its view, its legal actions, its log. */
function runnerSees(s: Snap): string {
  return canonicalJson({
    view: netrunner.view(s, 'runner'),
    legal: netrunner.legalActions(s, 'runner'),
    log: s.context.log.map((e) => netrunner.logView(e, 'runner')),
  });
}

/**
 * Noninterference at a hidden Corp choice: states that differ only in cards the Runner cannot
 * see look the same to it, and so do they after the Corp answers the same way (the same
 * option position), with the same observed key.
 */
function checkHiddenChoice(s: Snap, kind: string): void {
  expect(decisionKind(s)).toBe(kind);
  const rng = Rng.from(kind);
  let perturbed = 0;
  for (let i = 0; i < 12; i++) {
    const other = perturb(s, 'runner', rng) as Snap | null;
    if (!other) continue;
    perturbed += 1;
    expect(runnerSees(other)).toBe(runnerSees(s));
    const mine = legal(s, 'corp');
    const theirs = legal(other, 'corp');
    expect(theirs.length).toBe(mine.length);
    const index = rng.int(mine.length);
    const a = mine[index]!;
    const b = theirs[index]!;
    expect(netrunner.observedActionKey(b, 'corp', 'runner')).toBe(
      netrunner.observedActionKey(a, 'corp', 'runner'),
    );
    const afterA = applyAction(netrunner, s, 'corp', a) as Snap;
    const afterB = applyAction(netrunner, other, 'corp', b) as Snap;
    expect(runnerSees(afterB)).toBe(runnerSees(afterA));
  }
  expect(perturbed).toBeGreaterThan(0);
}

/** A varied R&D, so that hidden cards differ. */
const MIX = {
  corp: ['30072', '30074', '30067', '30040', '30049', '30045', '30037', '30042', '30046', '30047'],
};

describe('hidden HQ and Archives choices leak nothing to the Runner', () => {
  it('Sprint', () => checkHiddenChoice(playOperation('30041', MIX), '30041:shuffle'));

  it('Hansei Review', () => checkHiddenChoice(playOperation('30048', MIX), '30048:trash'));

  it('Longevity Serum', () => {
    const { s } = scoreAgenda('30044', MIX, (g) => void spawn(g, '30072', { zone: 'archives' }));
    checkHiddenChoice(s, '30044:trash');
    checkHiddenChoice(choose(s, 'corp', 'done'), '30044:shuffle');
  });

  it('Haas-Bioroid: Precision Design', () => {
    const { s } = scoreAgenda('30067', { ...MIX, corpIdentity: '30035' }, (g) => {
      spawn(g, '30072', { zone: 'archives' });
      spawn(g, '30075', { zone: 'archives' });
    });
    checkHiddenChoice(
      until(s, (x) => decisionKind(x) === '30035:recur'),
      '30035:recur',
    );
  });

  it('Anoetic Void', () => {
    let s = runnerActing(MIX, (g) => {
      spawn(g, '30050', { zone: 'root', server: 'hq' }, { rezzed: true });
    });
    s = until(run(s, 'hq'), (x) => decisionKind(x) === '30050:use');
    checkHiddenChoice(choose(s, 'corp', 'yes'), '30050:trash');
  });
});
