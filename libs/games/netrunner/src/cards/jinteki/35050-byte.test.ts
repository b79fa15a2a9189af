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

describe('Byte!', () => {
  it('accessed in R&D: revealed to all; the Corp may pay 4 for 1 tag and 3 net damage', () => {
    let s = runnerActing({}, (g) => void spawn(g, '35050', { zone: 'rd' }));
    s = choose(run(s, 'rd'), 'runner', 'continue');
    s = until(s, (x) => decisionKind(x) === '35050:pay');
    const accessLine = s.context.log.filter((e) => e.text.startsWith('Runner accesses')).at(-1);
    expect(accessLine?.cards[0]?.seenBy).toEqual(['corp', 'runner', 'spectator']);
    const credits = s.context.corp.credits;
    s = choose(s, 'corp', 'yes');
    expect(s.context.corp.credits).toBe(credits - 4);
    expect(s.context.runner.tags).toBe(1);
    expect(s.context.runner.grip).toHaveLength(2);
  });

  it('accessed in Archives: nothing', () => {
    let s = runnerActing({}, (g) => void spawn(g, '35050', { zone: 'archives' }));
    s = choose(run(s, 'archives'), 'runner', 'continue');
    s = until(s, (x) => decisionKind(x) === 'access' || decisionKind(x) === '35050:pay');
    expect(decisionKind(s)).toBe('access');
  });
});

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
