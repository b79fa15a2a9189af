import { describe, expect, it } from 'vitest';
import { RulesError } from '@veil/engine';
import { dune } from '../module.js';
import type { DuneState } from '../state/types.js';
import { act, afterSetup, edit, hand, withPlayer, type Snap } from '../testing/scenario.js';
import { enterMovement } from './movement.js';

const THREE = ['atreides', 'emperor', 'harkonnen'] as const;

/** The start of Shipment and Movement; the Harkonnen hold a Karama, the Emperor nothing. */
function movementStart(): Snap {
  return edit(
    afterSetup(THREE),
    (st): DuneState =>
      enterMovement({
        ...withPlayer(withPlayer(st, 'harkonnen', { hand: hand(['karama'], 'h') }), 'emperor', {
          hand: [],
        }),
        choice: null,
        stormOrder: ['emperor', 'atreides', 'harkonnen'],
      }),
    'movement',
  );
}

describe('Karama against the wormsign', () => {
  it('asks every other seat in a neutral window, holder or not; the Atreides see the card once all pass', () => {
    let s = movementStart();
    const w = s.context.pauses.windows.at(-1);
    expect(w).toMatchObject({ kind: 'karama_wormsign', participants: ['emperor', 'harkonnen'] });
    // Not yet seen while the others may still prevent it.
    expect(dune.view(s, 'atreides').topSpiceCard).toBeNull();
    // Asked in storm order; the Emperor holds no Karama and is asked all the same.
    expect(dune.deciders(s)).toEqual(['emperor']);
    const window = w!.id;
    expect(dune.legalActions(s, 'emperor')).toEqual([{ type: 'pass', window }]);
    s = act(s, 'emperor', { type: 'pass', window });
    expect(dune.deciders(s)).toEqual(['harkonnen']);
    expect(dune.legalActions(s, 'harkonnen')).toContainEqual({
      type: 'karama_cancel',
      window,
      karama: 'h0',
    });
    s = act(s, 'harkonnen', { type: 'pass', window });
    expect(dune.view(s, 'atreides').topSpiceCard).toBe(s.context.spiceDeck[0]);
    expect(dune.view(s, 'harkonnen').topSpiceCard).toBeNull();
    expect(dune.deciders(s)).toEqual(['emperor']);
  });

  it('a Karama prevents it: discarded at the boundary, the window closes once, the card stays unseen', () => {
    let s = movementStart();
    const id = s.context.pauses.windows.at(-1)!.id;
    expect(() => act(s, 'emperor', { type: 'karama_cancel', window: id, karama: 'h0' })).toThrow(
      RulesError,
    );
    s = act(s, 'emperor', { type: 'pass', window: id });
    s = act(s, 'harkonnen', { type: 'karama_cancel', window: id, karama: 'h0' });
    expect(s.context.wormsign).toBe('prevented');
    expect(s.context.pauses.windows).toEqual([]);
    expect(s.context.pendingDiscard).toBeNull();
    expect(s.context.discardBatches.at(-1)).toMatchObject({ cause: 'karama', phase: 'movement' });
    expect(s.context.treacheryDiscard).toEqual(['karama']);
    expect(dune.view(s, 'atreides').topSpiceCard).toBeNull();
    expect(s.context.log.find((e) => e.type === 'karama')?.data).toEqual({
      faction: 'harkonnen',
      cancels: 'wormsign',
    });
    // Shipment and Movement goes on with the first seat in storm order.
    expect(dune.deciders(s)).toEqual(['emperor']);
  });
});
