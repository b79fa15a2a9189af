import { describe, expect, it } from 'vitest';
import { RulesError } from '@veil/engine';
import { dune } from '../module.js';
import type { DuneState } from '../state/types.js';
import { act, afterSetup, edit, passKarama, withPlayer, type Snap } from '../testing/scenario.js';
import { enterBidding, maxBid } from './bidding.js';
import { enterMentat } from './mentat.js';
import { enterMovement } from './movement.js';

const THREE = ['atreides', 'emperor', 'harkonnen'] as const;

/** Atreides (2 spice) allied with the Harkonnen (10 spice), in the Bidding Phase. */
function biddingWithAlly(): Snap {
  const start = afterSetup(THREE);
  const s = edit(
    start,
    (st): DuneState => {
      let x: DuneState = {
        ...st,
        choice: null,
        alliances: [['atreides', 'harkonnen']],
        stormOrder: ['harkonnen', 'atreides', 'emperor'],
        treacheryDeck: ['lasgun', 'shield', 'snooper', ...st.treacheryDeck],
      };
      x = withPlayer(x, 'atreides', { spice: 2 });
      x = withPlayer(x, 'harkonnen', { spice: 10 });
      return enterBidding(x);
    },
    'bidding',
  );
  return passKarama(s);
}

const bids = (s: Snap) =>
  dune.legalActions(s, 'atreides').flatMap((a) => (a.type === 'bid' ? [a.amount] : []));

describe('Allies pay for each other', () => {
  it('support set out by an ally raises the bids allowed; the ally pays what the buyer cannot', () => {
    let s = biddingWithAlly();
    expect(maxBid(s.context, 'atreides')).toBe(2);
    // Only a seat with an ally may set spice out for it, at most its own spice.
    expect(dune.legalActions(s, 'emperor').some((a) => a.type === 'support')).toBe(false);
    // The Harkonnen open the auction: support is given while the game waits on the giver.
    expect(() => act(s, 'harkonnen', { type: 'support', amount: 11 })).toThrow(RulesError);
    s = act(s, 'harkonnen', { type: 'support', amount: 5 });
    // Public: everyone sees the support in front of the Harkonnen shield, and the log says so.
    expect(dune.view(s, 'emperor').players.harkonnen?.support).toBe(5);
    expect(dune.view(s, 'emperor').players.harkonnen?.spice).toBeNull();
    expect(s.context.log.at(-1)).toMatchObject({
      type: 'ally_support',
      data: { faction: 'harkonnen', to: 'atreides', amount: 5 },
    });
    s = act(s, 'harkonnen', { type: 'bid_pass' });
    expect(Math.max(...bids(s))).toBe(7);
    s = act(s, 'atreides', { type: 'bid', amount: 6 });
    s = act(s, 'emperor', { type: 'bid_pass' });
    s = passKarama(act(s, 'harkonnen', { type: 'bid_pass' }));
    const c = s.context;
    // 2 from the Atreides, 4 from the support; the Emperor receives all 6.
    expect(c.players.atreides.spice).toBe(0);
    expect(c.players.harkonnen.support).toBe(1);
    expect(c.players.harkonnen.spice).toBe(5);
    expect(c.players.emperor.spice).toBe(10 + 6);
    expect(c.log.find((e) => e.type === 'card_sold')?.data).toMatchObject({
      buyer: 'atreides',
      price: 6,
      allyPaid: 4,
    });
    // What is left goes back behind the shield at the Mentat Pause.
    const mentat = enterMentat(c);
    expect(mentat.players.harkonnen.support).toBe(0);
    expect(mentat.players.harkonnen.spice).toBe(6);
  });

  it('pays for a shipment the same way', () => {
    const s0 = biddingWithAlly();
    let s = edit(
      s0,
      (st) =>
        enterMovement({
          ...withPlayer(st, 'harkonnen', { support: 4 }),
          auction: null,
          stormOrder: ['atreides', 'emperor', 'harkonnen'],
        }),
      'movement',
    );
    // The wormsign window first: the others pass.
    const window = s.context.pauses.windows[0]!.id;
    s = act(act(s, 'emperor', { type: 'pass', window }), 'harkonnen', { type: 'pass', window });
    // 2 spice alone ship 2 forces into a stronghold; with the support, 6.
    const most = Math.max(
      ...dune
        .legalActions(s, 'atreides')
        .flatMap((a) => (a.type === 'ship' && a.to === 'carthag:10' && !a.karama ? [a.count] : [])),
    );
    expect(most).toBe(6);
    s = passKarama(act(s, 'atreides', { type: 'ship', to: 'carthag:10', count: 5, karama: null }));
    expect(s.context.players.atreides.spice).toBe(0);
    expect(s.context.players.harkonnen.support).toBe(1);
    expect(s.context.forces['carthag:10']).toMatchObject({ atreides: 5 });
  });
});
