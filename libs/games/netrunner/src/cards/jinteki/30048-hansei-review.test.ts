import { describe, expect, it } from 'vitest';
import { netrunner } from '../../module.js';
import { choose, decisionKind, playOperation, legal } from '../../testing/kit.js';
import type { NetrunnerAction } from '../../actions/types.js';

describe('Hansei Review', () => {
  it('gains 10, then trashes 1 card from HQ (facedown; the Runner reads "1 card from HQ")', () => {
    const s = playOperation('30048');

    expect(s.context.corp.credits).toBe(10);
    expect(decisionKind(s)).toBe('30048:trash');
    const target = s.context.corp.hq[0] ?? '';
    const after = choose(s, 'corp', target, true);
    expect(after.context.cards[target]?.loc.zone).toBe('archives');
    expect(after.context.cards[target]?.faceUp).toBe(false);
    const line = after.context.log.at(-1);
    if (!line) throw new Error('no log');
    expect(netrunner.logView(line, 'runner')?.text).toBe('Corp trashes 1 card from HQ.');
  });

  it('with an empty HQ it only gains 10 (ruling: it is not in HQ itself)', () => {
    const s = playOperation('30048', {}, (g) => {
      g.corp.hq.splice(0, g.corp.hq.length - 1);
    });
    expect(s.context.corp.hq).toEqual([]);
    expect(s.context.pauses.decisions).toEqual([]);
  });

  it('two halves: the Runner keys the HQ trash as hansei_trash; the Corp keeps the card', () => {
    const s = playOperation('30048');
    const options = legal(s, 'corp') as Extract<NetrunnerAction, { type: 'choose' }>[];
    expect(options.length).toBe(s.context.corp.hq.length);
    for (const a of options) {
      expect(netrunner.observedActionKey(a, 'corp', 'runner')).toBe('hansei_trash');
      expect(netrunner.actionKey(a, 'corp')).toBe(`choose:30048:trash:${a.key}`);
      expect(a.key).toMatch(/^\d{5}$/);
    }
  });
});
