import { describe, expect, it } from 'vitest';
import { netrunner } from '../../module.js';
import type { NetrunnerAction } from '../../actions/types.js';
import { legal, playOperation } from '../../testing/kit.js';

describe('Hansei Review keys', () => {
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
