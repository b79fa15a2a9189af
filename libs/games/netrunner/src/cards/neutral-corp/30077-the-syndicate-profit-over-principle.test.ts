import { describe, expect, it } from 'vitest';
import { behaviourOf } from '../registry.js';
import { setup } from '../../testing/kit.js';

describe('The Syndicate: Profit over Principle', () => {
  it('has no ability ("Starter game only"): a plain identity', () => {
    const s = setup();
    expect(s.context.cards[s.context.corp.identity]?.code).toBe('30077');
    expect(behaviourOf('30077')?.triggers ?? []).toEqual([]);
  });
});
