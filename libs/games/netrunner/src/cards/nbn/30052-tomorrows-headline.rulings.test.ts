import { describe, expect, it } from 'vitest';
import { validateDeck } from '../../decks/validate-deck.js';
import { choose, decisionKind, scoreAgenda } from '../../testing/kit.js';

describe("Tomorrow's Headline (limit and interplay)", () => {
  it('Limit 1 per deck', () => {
    const deck = {
      id: 't',
      name: 't',
      identity: '30051',
      cards: [
        { code: '30052', count: 2 },
        { code: '30075', count: 38 },
      ],
    };
    const result = validateDeck(deck);
    const errors = result.ok ? [] : result.errors;
    expect(
      errors.filter((e) => e.kind === 'over-deck-limit' && e.message.startsWith('2 copies')),
    ).toHaveLength(1);
  });

  it('its tag is a tag taken: NBN: Reality Plus triggers', () => {
    const { s } = scoreAgenda('30052', { corpIdentity: '30051' });
    expect(decisionKind(s)).toBe('30051:reward');
    expect(choose(s, 'corp', 'gain').context.runner.tags).toBe(1);
  });
});
