import { describe, expect, it } from 'vitest';
import { netrunner } from '../../module.js';
import {
  choose,
  decisionKind,
  deciders,
  legal,
  run,
  runnerActing,
  spawn,
  until,
  type Snap,
} from '../../testing/kit.js';

function accessByte(zone: 'rd' | 'hq', arrange?: (g: Snap['context']) => void): Snap {
  let s = runnerActing({}, (g) => {
    const byte = spawn(g, '35050', { zone });
    if (zone === 'hq') g.corp.hq = [byte];
    arrange?.(g);
  });
  s = run(s, zone);
  return until(s, (x) => decisionKind(x) === '35050:pay' || decisionKind(x) === 'access');
}

describe('Byte! rulings', () => {
  it("the Corp decides during the Runner's turn: legal actions follow deciders()", () => {
    const s = accessByte('rd');
    expect(decisionKind(s)).toBe('35050:pay');
    expect(s.context.active).toBe('runner');
    expect(deciders(s)).toEqual(['corp']);
    expect(netrunner.legalActions(s, 'runner')).toEqual([]);
    expect(legal(s, 'corp').map((a) => (a.type === 'choose' ? a.value : ''))).toEqual([
      'no',
      'yes',
    ]);
    const declined = choose(s, 'corp', 'no');
    expect(declined.context.runner.tags).toBe(0);
    expect(deciders(declined)).toEqual(['runner']);
  });

  it('accessed in HQ it triggers too; revealed only in R&D', () => {
    const s = accessByte('hq');
    expect(decisionKind(s)).toBe('35050:pay');
  });

  it('the Corp cannot pay 4: no decision', () => {
    const s = accessByte('rd', (g) => (g.corp.credits = 3));
    expect(decisionKind(s)).toBe('access');
  });
});
