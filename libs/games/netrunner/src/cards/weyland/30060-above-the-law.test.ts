import { describe, expect, it } from 'vitest';
import {
  choose,
  deckLimitErrors,
  decisionKind,
  scoreAgenda,
  spawn,
  legal,
} from '../../testing/kit.js';
import { netrunner } from '../../module.js';

describe('Above the Law', () => {
  it('when scored, the Corp may trash 1 installed resource', () => {
    let resource = '';

    const { s } = scoreAgenda('30060', {}, (g) => (resource = spawn(g, '30033', { zone: 'rig' })));
    expect(decisionKind(s)).toBe('30060:trash');
    const after = choose(s, 'corp', resource, true);
    expect(after.context.cards[resource]?.loc.zone).toBe('heap');
    expect(choose(s, 'corp', 'no').context.cards[resource]?.loc.zone).toBe('rig');
  });

  it('Limit 1 per deck', () => {
    const errors = deckLimitErrors('30059', '30060', 2);
    expect(errors.filter((e) => e.message.startsWith('2 copies'))).toHaveLength(1);
  });

  it('no installed resource: nothing to ask', () => {
    expect(scoreAgenda('30060').s.context.pauses.decisions).toEqual([]);
  });

  it('pins both key halves: installed resources are public, keyed by code', () => {
    const { s } = scoreAgenda('30060', {}, (g) => void spawn(g, '30033', { zone: 'rig' }));
    const keys = legal(s, 'corp').map((a) => [
      netrunner.actionKey(a, 'corp'),
      netrunner.observedActionKey(a, 'corp', 'runner'),
    ]);
    expect(keys).toEqual([
      ['choose:30060:trash:no', 'choose:30060:trash:no'],
      ['choose:30060:trash:30033', 'choose:30060:trash:30033'],
    ]);
  });
});
