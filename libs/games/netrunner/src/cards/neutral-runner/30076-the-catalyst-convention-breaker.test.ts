import { describe, expect, it } from 'vitest';
import { cardByCode } from '../../catalog/index.js';
import { behaviourOf } from '../registry.js';
import { setup } from '../../testing/kit.js';

describe('The Catalyst: Convention Breaker', () => {
  it('has no ability ("Starter game only"): a plain identity with 0 link', () => {
    const s = setup({ runnerIdentity: '30076' });
    expect(s.context.cards[s.context.runner.identity]?.code).toBe('30076');
    const behaviour = behaviourOf('30076');
    expect(behaviour?.triggers ?? []).toEqual([]);
    expect(behaviour?.abilities ?? []).toEqual([]);
    expect(behaviour?.statics).toBeUndefined();
    expect(cardByCode('30076')?.baseLink).toBe(0);
    expect(cardByCode('30076')?.minimumDeckSize).toBe(30);
  });
});
