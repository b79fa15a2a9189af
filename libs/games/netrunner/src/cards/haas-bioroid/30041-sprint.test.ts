import { describe, expect, it } from 'vitest';
import { netrunner } from '../../module.js';
import type { NetrunnerAction } from '../../actions/types.js';
import { choose, decisionKind, legal, playOperation } from '../../testing/kit.js';

describe('Sprint (text, keys)', () => {
  it('draws 3 cards, then shuffles 2 cards from HQ into R&D (logged by type)', () => {
    let s = playOperation('30041');
    const hq = s.context.corp.hq.length;
    const rd = s.context.corp.rd.length;
    expect(decisionKind(s)).toBe('30041:shuffle');
    const [first] = s.context.corp.hq;
    s = choose(s, 'corp', first!, true);
    expect(decisionKind(s)).toBe('30041:shuffle');
    const [second] = s.context.corp.hq;
    s = choose(s, 'corp', second!, true);
    expect(decisionKind(s)).toBeUndefined();
    expect(s.context.corp.hq.length).toBe(hq - 2);
    expect(s.context.corp.rd.length).toBe(rd + 2);
    expect(s.context.corp.rd).toContain(first);
    expect(s.context.corp.rd).toContain(second);
    const runnerLines = s.context.log.map((e) => netrunner.logView(e, 'runner')?.text);
    expect(runnerLines).toContain('Corp puts 1 card from HQ into R&D.');
    expect(runnerLines.at(-1)).toBe('Corp shuffles R&D.');
  });

  it('two halves: the Runner keys the return as sprint_return; the Corp keeps the card', () => {
    const s = playOperation('30041');
    const options = legal(s, 'corp') as Extract<NetrunnerAction, { type: 'choose' }>[];
    expect(options.length).toBe(s.context.corp.hq.length);
    for (const a of options) {
      expect(netrunner.observedActionKey(a, 'corp', 'runner')).toBe('sprint_return');
      expect(netrunner.actionKey(a, 'corp')).toBe(`choose:30041:shuffle:${a.key}`);
      expect(a.key).toMatch(/^\d{5}$/);
    }
  });
});
