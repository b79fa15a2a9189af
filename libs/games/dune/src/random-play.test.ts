import { describe, expect, it } from 'vitest';
import { POLICY_KINDS } from './rules/policy.js';
import { playRandomDune } from './testing/self-play.js';

describe('Dune self-play', () => {
  it('plays seeded random-legal games of 2–6 seats to the end with no error or deadlock', () => {
    const results = Array.from({ length: 12 }, (_, i) => playRandomDune(i + 1));
    const seatCounts = new Set(results.map((r) => r.factions.length));
    expect([...seatCounts].sort()).toEqual([2, 3, 4, 5, 6]);
    for (const r of results) {
      expect(r.winners.length + (r.reason === 'most_strongholds_tie' ? 1 : 0)).toBeGreaterThan(0);
      expect(r.turn).toBeLessThanOrEqual(10);
    }
    // The games are not all decided the same way (the end-of-game default and stronghold wins occur).
    expect(new Set(results.map((r) => r.reason)).size).toBeGreaterThan(1);
    // Every window they opened is one a seat may set a standing policy for.
    const kinds = new Set(results.flatMap((r) => [...r.windowKinds]));
    expect(kinds.size).toBeGreaterThanOrEqual(3);
    expect([...kinds].filter((kind) => !POLICY_KINDS.includes(kind))).toEqual([]);
  });
});
