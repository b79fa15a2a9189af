import { describe, expect, it } from 'vitest';
import { choose, decisionKind, scoreAgenda, spawn, legal } from '../../testing/kit.js';
import { validateDeck } from '../../decks/validate-deck.js';
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
    const deck = {
      id: 't',
      name: 't',
      identity: '30059',
      cards: [
        { code: '30060', count: 2 },
        { code: '30075', count: 38 },
      ],
    };
    const result = validateDeck(deck);
    const errors = result.ok ? [] : result.errors;
    expect(
      errors.filter((e) => e.kind === 'over-deck-limit' && e.message.startsWith('2 copies')),
    ).toHaveLength(1);
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
