import { describe, expect, it } from 'vitest';
import { playOperation } from '../../testing/kit.js';

describe('Hedge Fund', () => {
  it('costs 5 and gains 9, then goes to Archives faceup', () => {
    const s = playOperation('30075');
    expect(s.context.corp.credits).toBe(5 - 5 + 9);
    const played = s.context.corp.archives.at(-1) ?? '';
    expect(s.context.cards[played]?.code).toBe('30075');
    expect(s.context.cards[played]?.faceUp).toBe(true);
  });
});
