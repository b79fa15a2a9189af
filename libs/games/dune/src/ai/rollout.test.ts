import { describe, expect, it } from 'vitest';
import { applyAction, Rng } from '@veil/engine';
import { dune } from '../module.js';
import { rolloutDune } from './rollout.js';
import { dunePositions } from './positions.js';

const POSITIONS = dunePositions(60, { every: 13, seed: 2 });

describe("Dune's playout policy", () => {
  it('returns one of the legal actions, which the rules accept, the same for the same stream', () => {
    expect(POSITIONS.length).toBe(60);
    const types = new Set<string>();
    for (const [i, { snapshot, seat, where }] of POSITIONS.entries()) {
      const legal = dune.legalActions(snapshot, seat);
      const action = rolloutDune(snapshot, seat, legal, Rng.from(`rollout:${i}`));
      expect(legal, where).toContain(action);
      expect(() => applyAction(dune, snapshot, seat, action), where).not.toThrow();
      expect(rolloutDune(snapshot, seat, legal, Rng.from(`rollout:${i}`)), where).toBe(action);
      types.add(action.type);
    }
    // Positions from every part of the turn, not one kind of decision.
    expect(types.size).toBeGreaterThan(4);
  });

  it('bids only the lowest legal bid, and only while it costs at most half its spice', () => {
    let bids = 0;
    for (const { snapshot, seat, where } of dunePositions(400, { every: 3, seed: 3 })) {
      const legal = dune.legalActions(snapshot, seat);
      const offered = legal.flatMap((a) => (a.type === 'bid' ? [a.amount] : []));
      if (offered.length === 0) continue;
      const action = rolloutDune(snapshot, seat, legal, Rng.from(where));
      const spice = snapshot.context.players[seat].spice;
      const lowest = Math.min(...offered);
      if (lowest * 2 <= spice) expect(action, where).toEqual({ type: 'bid', amount: lowest });
      else expect(action.type, where).toBe('bid_pass');
      bids++;
    }
    expect(bids).toBeGreaterThan(5);
  });
});
