import { describe, expect, it } from 'vitest';
import { can, corpActing, handle, playOperation, spawn } from '../../testing/kit.js';

describe('Government Subsidy', () => {
  it('costs 10 and gains 15', () => {
    const s = playOperation('30064', {}, (g) => (g.corp.credits = 10));
    expect(s.context.corp.credits).toBe(15);
  });

  it('cannot be played without 10 credits', () => {
    let op = '';
    const s = corpActing({}, (g) => (op = spawn(g, '30064', { zone: 'hq' })));
    expect(can(s, 'corp', { type: 'play', card: handle(s, op, 'corp') })).toBe(false);
  });
});
