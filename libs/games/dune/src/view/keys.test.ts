import { describe, expect, it } from 'vitest';
import { dune } from '../module.js';
import type { DuneAction } from '../state/actions.js';

const planA: DuneAction = {
  type: 'plan',
  plan: { leader: 'atreides.thufir_hawat', hero: null, dial: 3, weapon: 'c1', defense: null },
};
const planB: DuneAction = {
  type: 'plan',
  plan: { leader: 'atreides.duncan_idaho', hero: null, dial: 0, weapon: null, defense: 'c2' },
};

describe('Dune action keys', () => {
  it('another seat observes a hidden commitment only as "committed"; the actor keeps the detail', () => {
    for (const [a, b] of [
      [planA, planB],
      [
        { type: 'dial', value: 1 },
        { type: 'dial', value: 3 },
      ],
      [
        { type: 'traitor', call: true },
        { type: 'traitor', call: false },
      ],
      [
        { type: 'setup', traitor: 'emperor.caid', prediction: null },
        { type: 'setup', traitor: 'emperor.bashar', prediction: null },
      ],
    ] as Array<[DuneAction, DuneAction]>) {
      expect(dune.observedActionKey(a, 'atreides', 'harkonnen')).toBe(
        dune.observedActionKey(b, 'atreides', 'harkonnen'),
      );
      expect(dune.actionKey(a, 'atreides')).not.toBe(dune.actionKey(b, 'atreides'));
      expect(dune.observedActionKey(a, 'atreides', 'atreides')).toBe(dune.actionKey(a, 'atreides'));
    }
  });

  it('public actions are observed whole, and keys carry no card handles', () => {
    const bid: DuneAction = { type: 'bid', amount: 4 };
    expect(dune.observedActionKey(bid, 'emperor', 'fremen')).toBe(dune.actionKey(bid, 'emperor'));
    const move: DuneAction = { type: 'move', from: 'arrakeen:9', to: 'old_gap:9', count: 2 };
    expect(dune.observedActionKey(move, 'atreides', 'fremen')).toContain('old_gap:9');
    expect(dune.actionKey(planA, 'atreides')).not.toContain('c1');
    expect(
      dune.actionKey({ type: 'ship', to: 'carthag:10', count: 2, karama: 'c9' }, 'emperor'),
    ).not.toContain('c9');
  });
});
