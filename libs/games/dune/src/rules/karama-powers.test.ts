import { describe, expect, it } from 'vitest';
import { applyPolicy, Rng, RulesError } from '@veil/engine';
import { KARAMA_WINDOW_KINDS } from '../data/windows.js';
import { dune } from '../module.js';
import type { DuneAction } from '../state/actions.js';
import type { DuneState, Faction, Viewer } from '../state/types.js';
import {
  act,
  afterSetup,
  edit,
  hand,
  passKarama,
  withPlayer,
  wormAtTheGreatFlat,
  type Snap,
} from '../testing/scenario.js';
import { enterBidding, maxBid } from './bidding.js';
import { enterBlow } from './blow.js';
import { enterRevival } from './revival.js';
import { baseRange, reachableAreas } from './board.js';
import { moveTargets } from './movement.js';

const SIX: readonly Faction[] = [
  'atreides',
  'bene_gesserit',
  'emperor',
  'fremen',
  'spacing_guild',
  'harkonnen',
];

/**
 * Answers the open `karama_power` window: each seat asked passes, except `stopper`, which plays
 * its Karama when its turn comes (null: everyone passes).
 */
function answer(s: Snap, stopper: Faction | null): Snap {
  const w = s.context.pauses.windows.at(-1);
  if (!w || w.kind !== 'karama_power') throw new Error('no karama_power window');
  let x = s;
  for (;;) {
    const open = x.context.pauses.windows.find((y) => y.id === w.id && y.status === 'open');
    const seat = dune.deciders(x)[0];
    if (!open || !seat) return x;
    const karama = x.context.players[seat].hand.find((c) => c.card === 'karama');
    x =
      seat === stopper && karama
        ? act(x, seat, { type: 'karama_cancel', window: w.id, karama: karama.handle })
        : act(x, seat, { type: 'pass', window: w.id });
  }
}

/** Shipment and Movement with `seat` to act; only the Harkonnen hold a Karama. */
function movementFor(seat: Faction, change: (s: DuneState) => DuneState = (s) => s): Snap {
  return edit(
    afterSetup(SIX),
    (st) => {
      let x: DuneState = {
        ...st,
        choice: null,
        phaseDone: false,
        stormOrder: [seat, ...SIX.filter((f) => f !== seat)],
        cursor: { order: [seat], index: 0, shipped: false },
      };
      for (const f of SIX)
        x = withPlayer(x, f, { hand: f === 'harkonnen' ? hand(['karama'], 'h') : [] });
      return change(x);
    },
    'movement',
  );
}

function allied(st: DuneState, a: Faction, b: Faction): DuneState {
  return { ...st, alliances: [[a, b]] };
}

/** Revival with `seat` (5 forces in the Tanks) to act, allied with `ally`; only the Harkonnen hold a Karama. */
function revivalFor(seat: Faction, ally: Faction): Snap {
  return edit(
    afterSetup(SIX),
    (st) => {
      let x: DuneState = {
        ...allied(st, seat, ally),
        choice: null,
        stormOrder: [seat, ...SIX.filter((f) => f !== seat)],
      };
      for (const f of SIX)
        x = withPlayer(x, f, { hand: f === 'harkonnen' ? hand(['karama'], 'h') : [] });
      x = withPlayer(x, seat, { tanks: 5, reserves: 0 });
      return enterRevival(x);
    },
    'revival',
  );
}

/** Bidding with the Atreides, Emperor and Harkonnen; `karama` holds the one Karama. */
function bidding(karama: Faction): Snap {
  const three = ['atreides', 'emperor', 'harkonnen'] as const;
  return edit(
    afterSetup(three),
    (st) => {
      let x: DuneState = {
        ...st,
        choice: null,
        stormOrder: ['harkonnen', 'emperor', 'atreides'],
        treacheryDeck: ['lasgun', 'shield', 'snooper', 'chaumas', ...st.treacheryDeck],
      };
      for (const f of three) x = withPlayer(x, f, { hand: [] });
      x = withPlayer(x, karama, { hand: hand(['karama'], 'k') });
      return enterBidding(x);
    },
    'bidding',
  );
}

const karamaLog = (s: Snap) => s.context.log.filter((e) => e.type === 'karama').map((e) => e.data);

describe('the karama_power window', () => {
  it('opens from the public use for every seat but the owner, in storm order, holder or not', () => {
    const s = bidding('harkonnen');
    const w = s.context.pauses.windows.at(-1);
    expect(w).toMatchObject({
      kind: 'karama_power',
      cause: { power: 'card_peek', card: 1 },
      participants: ['harkonnen', 'emperor'],
    });
    // The Harkonnen hold the Karama; the Emperor hold nothing and are asked all the same.
    expect(dune.legalActions(s, 'harkonnen')).toEqual([
      { type: 'pass', window: w!.id },
      { type: 'karama_cancel', window: w!.id, karama: 'k0' },
    ]);
    const next = act(s, 'harkonnen', { type: 'pass', window: w!.id });
    expect(dune.legalActions(next, 'emperor')).toEqual([{ type: 'pass', window: w!.id }]);
    // Without a Karama nobody can answer one: a generic error, nothing changes.
    expect(() =>
      act(next, 'emperor', { type: 'karama_cancel', window: w!.id, karama: 'k0' }),
    ).toThrow(RulesError);
    // The same window, the same shape, when nobody holds a Karama at all.
    const none = edit(bidding('harkonnen'), (st) =>
      withPlayer(st, 'harkonnen', { hand: hand(['lasgun'], 'x') }),
    );
    expect(dune.view(none, 'spectator').windows).toEqual(dune.view(s, 'spectator').windows);
  });
});

/** The same position with no Karama anywhere (each one a Lasgun instead: hand sizes stay). */
function withoutKarama(s: Snap): Snap {
  return edit(s, (st) =>
    st.options.factions.reduce(
      (x, f) =>
        withPlayer(x, f, {
          hand: x.players[f].hand.map((c) => (c.card === 'karama' ? { ...c, card: 'lasgun' } : c)),
        }),
      st,
    ),
  );
}

describe('the karama_power window is neutral', () => {
  it('opens with the same public shape whether or not anyone holds a Karama, at every power', () => {
    // Harkonnen bid 1, the Emperor passed: the Atreides' pass closes the auction.
    let sold = answer(bidding('atreides'), null);
    sold = act(act(sold, 'harkonnen', { type: 'bid', amount: 1 }), 'emperor', { type: 'bid_pass' });
    // The Emperor's payment asked about; the Atreides' pass (the last) closes it.
    let paid = act(sold, 'atreides', { type: 'bid_pass' });
    const payment = paid.context.pauses.windows.at(-1)!.id;
    paid = act(paid, 'harkonnen', { type: 'pass', window: payment });
    const shipped = answer(
      act(movementFor('emperor'), 'emperor', {
        type: 'ship',
        to: 'carthag:10',
        count: 1,
        karama: null,
      }),
      null,
    );
    const fremen = movementFor('fremen', (st) => ({
      ...st,
      storm: 0,
      forces: { ...st.forces, 'the_great_flat:14': { fremen: 3 } },
      cursor: { order: ['fremen'], index: 0, shipped: true },
    }));
    const near = reachableAreas(fremen.context, 'the_great_flat:14', 'fremen', 1);
    const far = moveTargets(fremen.context, 'fremen', 'the_great_flat:14').find(
      (a) => !near.includes(a),
    )!;
    const guild = movementFor('spacing_guild');
    const guildAlly = movementFor('emperor', (st) => ({
      ...allied(st, 'emperor', 'spacing_guild'),
      storm: 0,
      forces: { ...st.forces, 'the_great_flat:14': { emperor: 3 } },
    }));
    const fremenHajr = edit(fremen, (st) =>
      withPlayer(st, 'fremen', { hand: hand(['hajr'], 'f') }),
    );
    const emperorAlly = revivalFor('atreides', 'emperor');
    const revived = act(emperorAlly, 'atreides', { type: 'revive', forces: 3, leader: null });
    const cases: Array<[string, Snap, Faction, DuneAction]> = [
      ['emperor_payment', sold, 'atreides', { type: 'bid_pass' }],
      ['top_card', paid, 'atreides', { type: 'pass', window: payment }],
      ['spiritual_advisor', shipped, 'bene_gesserit', { type: 'advisor', send: true }],
      [
        'guild_payment',
        movementFor('emperor'),
        'emperor',
        { type: 'ship', to: 'carthag:10', count: 1, karama: null },
      ],
      [
        'half_price',
        guild,
        'spacing_guild',
        { type: 'ship', to: 'the_great_flat:14', count: 3, karama: null },
      ],
      [
        'cross_ship',
        guild,
        'spacing_guild',
        { type: 'cross_ship', from: 'tueks_sietch:4', to: 'the_great_flat:14', count: 2 },
      ],
      [
        'ship_back',
        guild,
        'spacing_guild',
        { type: 'ship_back', from: 'tueks_sietch:4', count: 3 },
      ],
      [
        'desert_movement',
        fremen,
        'fremen',
        { type: 'move', from: 'the_great_flat:14', to: far, count: 3 },
      ],
      [
        'desert_movement',
        fremenHajr,
        'fremen',
        { type: 'hajr_move', from: 'the_great_flat:14', to: far, count: 3, hajr: 'f0' },
      ],
      [
        'ally_half_price',
        guildAlly,
        'emperor',
        { type: 'ship', to: 'the_great_flat:14', count: 3, karama: null },
      ],
      [
        'ally_cross_ship',
        guildAlly,
        'emperor',
        { type: 'cross_ship', from: 'the_great_flat:14', to: 'old_gap:9', count: 2 },
      ],
      [
        'ally_free_revival',
        act(revivalFor('atreides', 'fremen'), 'atreides', {
          type: 'revive',
          forces: 3,
          leader: null,
        }),
        'fremen',
        { type: 'raise_ally_revival', raise: true },
      ],
      ['ally_revival', revived, 'emperor', { type: 'emperor_revive', count: 2 }],
    ];
    for (const [power, start, seat, action] of cases) {
      const held = act(start, seat, action);
      const none = act(withoutKarama(start), seat, action);
      const shape = (x: Snap) => dune.view(x, 'spectator').windows;
      expect(held.context.pauses.windows.at(-1)?.cause.power).toBe(power);
      expect(shape(none)).toEqual(shape(held));
      expect(dune.deciders(none)).toEqual(dune.deciders(held));
    }
  });
});

describe('Karama against the Atreides, Emperor and Harkonnen in Bidding', () => {
  it('prevents the Atreides’ look at the card up for auction; unanswered, they see it', () => {
    const seen = answer(bidding('harkonnen'), null);
    expect(dune.view(seen, 'atreides').auction).toMatchObject({ peek: 'seen', card: 'lasgun' });
    expect(dune.view(seen, 'emperor').auction?.card).toBeNull();

    const stopped = answer(bidding('harkonnen'), 'harkonnen');
    expect(dune.view(stopped, 'atreides').auction).toMatchObject({ peek: 'prevented', card: null });
    expect(karamaLog(stopped)).toEqual([{ faction: 'harkonnen', cancels: 'card_peek' }]);
    expect(stopped.context.treacheryDiscard).toContain('karama');
    // The card is sold unseen by the Atreides: its face stays with the buyer.
    let x = act(stopped, 'harkonnen', { type: 'bid', amount: 1 });
    x = act(act(x, 'emperor', { type: 'bid_pass' }), 'atreides', { type: 'bid_pass' });
    x = passKarama(x);
    const bought = x.context.players.harkonnen.hand.find((c) => c.card === 'lasgun');
    expect(bought?.seenBy).toEqual([]);
    expect(dune.view(x, 'atreides').players.harkonnen?.hand).toEqual([]);
  });

  it('sends the price to the bank instead of the Emperor; unanswered, the Emperor is paid', () => {
    const sale = (stopper: Faction | null): Snap => {
      let x = answer(bidding('atreides'), null);
      x = act(x, 'harkonnen', { type: 'bid', amount: 3 });
      x = act(act(x, 'emperor', { type: 'bid_pass' }), 'atreides', { type: 'bid_pass' });
      expect(x.context.pauses.windows.at(-1)?.cause).toEqual({
        power: 'emperor_payment',
        buyer: 'harkonnen',
        price: 3,
      });
      // Nothing is paid while the window is open.
      expect(x.context.players.harkonnen.spice).toBe(10);
      return answer(x, stopper);
    };
    const paid = sale(null);
    expect(paid.context.players.emperor.spice).toBe(10 + 3);
    expect(paid.context.players.harkonnen.spice).toBe(10 - 3);
    const stopped = sale('atreides');
    expect(stopped.context.players.emperor.spice).toBe(10);
    expect(stopped.context.players.harkonnen.spice).toBe(10 - 3);
    expect(stopped.context.log.find((e) => e.type === 'card_sold')?.data).toMatchObject({
      buyer: 'harkonnen',
      price: 3,
      payee: 'bank',
    });
    expect(karamaLog(stopped)).toEqual([{ faction: 'atreides', cancels: 'emperor_payment' }]);
  });

  it('stops the Harkonnen’s free card; unanswered, they draw it', () => {
    const bought = (stopper: Faction | null): Snap => {
      let x = answer(bidding('emperor'), null);
      x = act(x, 'harkonnen', { type: 'bid', amount: 1 });
      x = act(act(x, 'emperor', { type: 'bid_pass' }), 'atreides', { type: 'bid_pass' });
      x = answer(x, null); // the Emperor's payment
      expect(x.context.pauses.windows.at(-1)?.cause).toEqual({ power: 'top_card', card: 1 });
      return answer(x, stopper);
    };
    const cards = (s: Snap) => s.context.players.harkonnen.hand.map((c) => c.card);
    expect(cards(bought(null))).toEqual(['lasgun', 'chaumas']);
    const stopped = bought('emperor');
    expect(cards(stopped)).toEqual(['lasgun']);
    expect(stopped.context.treacheryDeck[0]).toBe('chaumas');
    expect(karamaLog(stopped)).toEqual([{ faction: 'emperor', cancels: 'top_card' }]);
  });

  it('a Karama holder may bid beyond its spice and pays that bid with the Karama', () => {
    let x = answer(bidding('atreides'), null);
    x = edit(x, (st) => withPlayer(st, 'atreides', { spice: 2 }));
    x = act(x, 'harkonnen', { type: 'bid', amount: 5 });
    x = act(x, 'emperor', { type: 'bid_pass' });
    const bids = (seat: Faction) =>
      dune.legalActions(x, seat).flatMap((a) => (a.type === 'bid' ? [a.amount] : []));
    expect(Math.max(...bids('atreides'))).toBe(50);
    x = act(x, 'atreides', { type: 'bid', amount: 12 });
    // The bid is public; the Karama is not shown until it pays.
    expect(x.context.log.at(-1)).toMatchObject({ type: 'bid', data: { amount: 12 } });
    expect(x.context.players.atreides.hand.map((c) => c.card)).toEqual(['karama']);
    // Without a Karama the Harkonnen may bid only what they can pay: not above 12.
    expect(maxBid(x.context, 'harkonnen')).toBe(10);
    expect(bids('harkonnen')).toEqual([]);
    x = act(act(x, 'harkonnen', { type: 'bid_pass' }), 'emperor', { type: 'bid_pass' });
    // No Emperor's payment to ask about: the Karama paid.
    expect(x.context.players.atreides.spice).toBe(2);
    expect(x.context.players.emperor.spice).toBe(10);
    expect(x.context.players.atreides.hand.map((c) => c.card)).toEqual(['lasgun']);
    expect(x.context.treacheryDiscard).toEqual(['karama']);
    expect(x.context.log.find((e) => e.type === 'karama_bid')?.data).toEqual({
      faction: 'atreides',
      bid: 12,
    });
    expect(x.context.log.find((e) => e.type === 'card_sold')?.data).toMatchObject({
      buyer: 'atreides',
      price: 0,
      karama: true,
    });
  });
});

describe('Karama against the BG and the Guild in Shipment and Movement', () => {
  it('stops the BG’s free force to the Polar Sink; unanswered, it goes', () => {
    const sent = (stopper: Faction | null): Snap => {
      let x = movementFor('emperor');
      x = act(x, 'emperor', { type: 'ship', to: 'carthag:10', count: 1, karama: null });
      x = answer(x, null); // the Guild's payment
      x = act(x, 'bene_gesserit', { type: 'advisor', send: true });
      expect(x.context.pauses.windows.at(-1)?.participants).not.toContain('bene_gesserit');
      return answer(x, stopper);
    };
    expect(sent(null).context.forces['polar_sink']).toEqual({ bene_gesserit: 2 });
    const stopped = sent('harkonnen');
    expect(stopped.context.forces['polar_sink']).toEqual({ bene_gesserit: 1 });
    expect(stopped.context.players.bene_gesserit.reserves).toBe(19);
    expect(karamaLog(stopped)).toEqual([{ faction: 'harkonnen', cancels: 'spiritual_advisor' }]);
  });

  it('sends a shipment’s price to the bank instead of the Guild; unanswered, the Guild is paid', () => {
    const shipped = (stopper: Faction | null): Snap =>
      answer(
        act(movementFor('emperor'), 'emperor', {
          type: 'ship',
          to: 'carthag:10',
          count: 3,
          karama: null,
        }),
        stopper,
      );
    const paid = shipped(null);
    expect(paid.context.players.spacing_guild.spice).toBe(5 + 3);
    expect(paid.context.players.emperor.spice).toBe(10 - 3);
    const stopped = shipped('harkonnen');
    expect(stopped.context.players.spacing_guild.spice).toBe(5);
    expect(stopped.context.players.emperor.spice).toBe(10 - 3);
    expect(stopped.context.forces['carthag:10']).toMatchObject({ emperor: 3 });
    expect(stopped.context.log.find((e) => e.type === 'shipment')?.data).toMatchObject({
      payee: 'bank',
    });
  });

  it('skips a seat whose standing policy auto-passes the Karama windows; all set, play does not stop', () => {
    const ship = { type: 'ship', to: 'carthag:10', count: 3, karama: null } as const;
    const quiet = (seats: readonly Faction[]): Snap =>
      seats.reduce(
        (s, f) =>
          KARAMA_WINDOW_KINDS.reduce((x, kind) => applyPolicy(dune, x, f, kind, 'auto-pass'), s),
        movementFor('emperor'),
      );
    const asked = (s: Snap): Faction[] => {
      const order: Faction[] = [];
      let x = s;
      while (
        x.context.pauses.windows.some((w) => w.kind === 'karama_power' && w.status === 'open')
      ) {
        const seat = dune.deciders(x)[0] as Faction;
        order.push(seat);
        const w = x.context.pauses.windows.at(-1)!;
        x = act(x, seat, { type: 'pass', window: w.id });
      }
      return order;
    };
    // Every seat but the Guild (the power's owner), in storm order: the Emperor ships first.
    const everyone: Faction[] = ['emperor', 'atreides', 'bene_gesserit', 'fremen', 'harkonnen'];
    expect(asked(act(movementFor('emperor'), 'emperor', ship))).toEqual(everyone);
    const onlyHarkonnen = quiet(everyone.filter((f) => f !== 'harkonnen'));
    expect(asked(act(onlyHarkonnen, 'emperor', ship))).toEqual(['harkonnen']);
    // Every seat asked auto-passes: the window opens and closes inside the shipment.
    const none = act(quiet(everyone), 'emperor', ship);
    expect(none.context.pauses.windows.filter((w) => w.status === 'open')).toEqual([]);
    expect(none.context.players.spacing_guild.spice).toBe(5 + 3);
  });

  it('stops the Guild’s half price: the Guild ships again, at full price', () => {
    const ship = { type: 'ship', to: 'the_great_flat:14', count: 3, karama: null } as const;
    const half = answer(act(movementFor('spacing_guild'), 'spacing_guild', ship), null);
    expect(half.context.players.spacing_guild.spice).toBe(5 - 3);
    expect(half.context.forces['the_great_flat:14']).toEqual({ spacing_guild: 3 });

    const stopped = answer(act(movementFor('spacing_guild'), 'spacing_guild', ship), 'harkonnen');
    expect(stopped.context.forces['the_great_flat:14']).toBeUndefined();
    expect(stopped.context.players.spacing_guild.spice).toBe(5);
    expect(dune.deciders(stopped)).toEqual(['spacing_guild']);
    const legal = dune.legalActions(stopped, 'spacing_guild');
    // Full price now: 3 forces cost 6, more than the Guild's 5; 2 forces cost 4.
    expect(legal).not.toContainEqual(ship);
    expect(legal).toContainEqual({ ...ship, count: 2 });
    const again = act(stopped, 'spacing_guild', { ...ship, count: 2 });
    expect(again.context.pauses.windows).toEqual([]);
    expect(again.context.players.spacing_guild.spice).toBe(5 - 4);
  });

  it('stops the Guild’s cross-shipment and ship-back: the Guild ships again without them', () => {
    const cross = {
      type: 'cross_ship',
      from: 'tueks_sietch:4',
      to: 'the_great_flat:14',
      count: 2,
    } as const;
    const back = { type: 'ship_back', from: 'tueks_sietch:4', count: 3 } as const;
    const crossed = answer(act(movementFor('spacing_guild'), 'spacing_guild', cross), null);
    expect(crossed.context.forces['the_great_flat:14']).toEqual({ spacing_guild: 2 });
    const returned = answer(act(movementFor('spacing_guild'), 'spacing_guild', back), null);
    expect(returned.context.players.spacing_guild.reserves).toBe(18);

    for (const [action, power] of [
      [cross, 'cross_ship'],
      [back, 'ship_back'],
    ] as const) {
      const stopped = answer(
        act(movementFor('spacing_guild'), 'spacing_guild', action),
        'harkonnen',
      );
      expect(stopped.context.forces['tueks_sietch:4']).toEqual({ spacing_guild: 5 });
      expect(stopped.context.players.spacing_guild.spice).toBe(5);
      expect(karamaLog(stopped)).toEqual([{ faction: 'harkonnen', cancels: power }]);
      const legal = dune.legalActions(stopped, 'spacing_guild');
      expect(legal.some((a) => a.type === action.type)).toBe(false);
      expect(legal.some((a) => a.type === 'ship')).toBe(true);
    }
  });
});

describe('Karama against the Fremen', () => {
  const atFlat = (st: DuneState): DuneState => ({
    ...st,
    storm: 0,
    forces: { ...st.forces, 'the_great_flat:14': { fremen: 3 } },
  });

  it('stops a move only desert movement reaches: the Fremen move again, one territory', () => {
    const start = movementFor('fremen', (st) => ({
      ...atFlat(st),
      cursor: { order: ['fremen'], index: 0, shipped: true },
    }));
    const near = reachableAreas(start.context, 'the_great_flat:14', 'fremen', 1);
    expect(baseRange(start.context, 'fremen')).toBe(1);
    const far = moveTargets(start.context, 'fremen', 'the_great_flat:14').find(
      (a) => !near.includes(a),
    );
    if (!far) throw new Error('no target two territories away');
    const move = { type: 'move', from: 'the_great_flat:14', to: far, count: 3 } as const;
    // A move within one territory uses no power: no window.
    const short = act(start, 'fremen', { ...move, to: near.find((a) => a !== move.from)! });
    expect(short.context.pauses.windows).toEqual([]);

    const moved = answer(act(start, 'fremen', move), null);
    expect(moved.context.forces[far]).toEqual({ fremen: 3 });

    const stopped = answer(act(start, 'fremen', move), 'harkonnen');
    expect(stopped.context.forces['the_great_flat:14']).toEqual({ fremen: 3 });
    expect(dune.deciders(stopped)).toEqual(['fremen']);
    const targets = dune
      .legalActions(stopped, 'fremen')
      .flatMap((a) => (a.type === 'move' && a.from === move.from ? [a.to] : []));
    expect(targets).not.toContain(far);
    expect(new Set(targets)).toEqual(new Set(near.filter((a) => a !== 'the_great_flat:14')));
  });

  it('stops the Fremen’s worm immunity: the worm devours them too; unanswered, they stay', () => {
    const blow = (): Snap =>
      edit(
        afterSetup(SIX),
        (st) =>
          enterBlow(
            withPlayer(wormAtTheGreatFlat(st, { fremen: 4, emperor: 3 }), 'emperor', {
              hand: hand(['karama'], 'e'),
            }),
          ),
        'blow',
      );
    const s = blow();
    // The window waits before the worm eats anything; the blow goes on once it closes.
    expect(s.context.pauses.windows.at(-1)).toMatchObject({
      cause: { power: 'worm_immunity', territory: 'the_great_flat' },
    });
    expect(s.context.forces['the_great_flat:14']).toEqual({ fremen: 4, emperor: 3 });
    expect(s.value).toBe('blow');

    const immune = answer(s, null);
    expect(immune.context.forces['the_great_flat:14']).toEqual({ fremen: 4 });
    expect(immune.context.spice['old_gap:8'] ?? immune.context.spiceDiscard.at(-1)).toBeTruthy();
    expect(immune.value).not.toBe('blow');

    const stopped = answer(blow(), 'emperor');
    expect(stopped.context.forces['the_great_flat:14'] ?? {}).toEqual({});
    expect(stopped.context.players.fremen.tanks).toBe(4);
    expect(stopped.context.players.emperor.tanks).toBe(3);
    expect(stopped.context.spiceDiscard.at(-1)).toBe('old_gap');
    expect(karamaLog(stopped)).toEqual([{ faction: 'emperor', cancels: 'worm_immunity' }]);
  });
});

describe('Karama against the alliance powers', () => {
  it('stops the Guild’s ally’s half price: nothing paid or landed, the ally ships again at full price', () => {
    const start = movementFor('emperor', (st) => allied(st, 'emperor', 'spacing_guild'));
    const ship = { type: 'ship', to: 'the_great_flat:14', count: 3, karama: null } as const;
    // Half price asked about first, then the payment to the Guild; nothing paid meanwhile.
    const asked = act(start, 'emperor', ship);
    expect(asked.context.pauses.windows.at(-1)?.cause).toMatchObject({
      power: 'ally_half_price',
      shipper: 'emperor',
      cost: 3,
    });
    expect(asked.context.players.emperor.spice).toBe(10);
    const half = answer(asked, null);
    expect(half.context.pauses.windows.at(-1)?.cause.power).toBe('guild_payment');
    const paid = answer(half, null);
    expect(paid.context.players.emperor.spice).toBe(10 - 3);
    expect(paid.context.players.spacing_guild.spice).toBe(5 + 3);
    expect(paid.context.forces['the_great_flat:14']).toEqual({ emperor: 3 });

    const stopped = answer(asked, 'harkonnen');
    expect(stopped.context.pauses.windows).toEqual([]);
    expect(stopped.context.forces['the_great_flat:14']).toBeUndefined();
    expect(stopped.context.players.emperor.spice).toBe(10);
    expect(stopped.context.players.spacing_guild.spice).toBe(5);
    expect(karamaLog(stopped)).toEqual([{ faction: 'harkonnen', cancels: 'ally_half_price' }]);
    expect(dune.deciders(stopped)).toEqual(['emperor']);
    // Again, at full price: only the payment to the Guild is asked about; paid once.
    let again = act(stopped, 'emperor', ship);
    expect(again.context.pauses.windows.at(-1)?.cause).toMatchObject({
      power: 'guild_payment',
      cost: 6,
    });
    again = answer(again, null);
    expect(again.context.players.emperor.spice).toBe(10 - 6);
    expect(again.context.players.spacing_guild.spice).toBe(5 + 6);
  });

  it('stops the Guild’s ally’s cross-shipment: nothing moved or paid, the ally ships without it', () => {
    const start = movementFor('emperor', (st) => ({
      ...allied(st, 'emperor', 'spacing_guild'),
      storm: 0,
      forces: { ...st.forces, 'the_great_flat:14': { emperor: 3 } },
    }));
    const cross = {
      type: 'cross_ship',
      from: 'the_great_flat:14',
      to: 'old_gap:9',
      count: 2,
    } as const;
    const crossed = answer(answer(act(start, 'emperor', cross), null), null);
    expect(crossed.context.forces['old_gap:9']).toEqual({ emperor: 2 });
    expect(crossed.context.players.spacing_guild.spice).toBe(5 + 2);

    const asked = act(start, 'emperor', cross);
    expect(asked.context.pauses.windows.at(-1)?.cause.power).toBe('ally_cross_ship');
    const stopped = answer(asked, 'harkonnen');
    expect(stopped.context.forces['the_great_flat:14']).toEqual({ emperor: 3 });
    expect(stopped.context.forces['old_gap:9']).toBeUndefined();
    expect(stopped.context.players.emperor.spice).toBe(10);
    expect(stopped.context.players.spacing_guild.spice).toBe(5);
    expect(karamaLog(stopped)).toEqual([{ faction: 'harkonnen', cancels: 'ally_cross_ship' }]);
    const legal = dune.legalActions(stopped, 'emperor');
    expect(legal.some((a) => a.type === 'cross_ship')).toBe(false);
    expect(legal).toContainEqual({ type: 'ship', to: 'old_gap:9', count: 1, karama: null });
  });

  it('stops the Fremen raising the ally’s free revival: nothing revived, the ally revives again at its own', () => {
    const start = revivalFor('atreides', 'fremen');
    const revive = { type: 'revive', forces: 3, leader: null } as const;
    const raise = { type: 'raise_ally_revival', raise: true } as const;
    const asked = act(act(start, 'atreides', revive), 'fremen', raise);
    expect(asked.context.pauses.windows.at(-1)?.cause).toEqual({
      power: 'ally_free_revival',
      faction: 'atreides',
      forces: 3,
      leader: null,
      cost: 0,
    });
    expect(asked.context.pauses.windows.at(-1)?.participants).not.toContain('fremen');
    expect(asked.context.players.atreides.tanks).toBe(5);
    const free = answer(asked, null);
    expect(free.context.players.atreides).toMatchObject({ tanks: 2, reserves: 3, spice: 10 });

    const stopped = answer(asked, 'harkonnen');
    expect(stopped.context.players.atreides).toMatchObject({ tanks: 5, reserves: 0, spice: 10 });
    expect(karamaLog(stopped)).toEqual([{ faction: 'harkonnen', cancels: 'ally_free_revival' }]);
    expect(dune.deciders(stopped)).toEqual(['atreides']);
    // Its own free number now (2): the third force costs 2, and no window asks again.
    const again = act(stopped, 'atreides', revive);
    expect(again.context.pauses.windows).toEqual([]);
    expect(again.context.players.atreides).toMatchObject({ tanks: 2, reserves: 3, spice: 8 });
    // Within its own free number the power is not used: no window.
    const two = act(start, 'atreides', { ...revive, forces: 2 });
    expect(two.context.pauses.windows).toEqual([]);
  });

  it('stops the Emperor’s paying for the ally’s revivals: none come back, nothing is paid', () => {
    const revived = act(revivalFor('atreides', 'emperor'), 'atreides', {
      type: 'revive',
      forces: 3,
      leader: null,
    });
    const asked = act(revived, 'emperor', { type: 'emperor_revive', count: 2 });
    expect(asked.context.pauses.windows.at(-1)?.cause).toEqual({
      power: 'ally_revival',
      ally: 'atreides',
      forces: 2,
      cost: 4,
    });
    expect(asked.context.players.emperor.spice).toBe(10);
    const paid = answer(asked, null);
    expect(paid.context.players.emperor.spice).toBe(10 - 4);
    expect(paid.context.players.atreides).toMatchObject({ tanks: 0, reserves: 5 });
    expect(paid.context.cursor?.index).toBe(1);

    const stopped = answer(asked, 'harkonnen');
    expect(stopped.context.players.emperor.spice).toBe(10);
    expect(stopped.context.players.atreides).toMatchObject({ tanks: 2, reserves: 3 });
    expect(stopped.context.log.some((e) => e.type === 'emperor_revival')).toBe(false);
    expect(karamaLog(stopped)).toEqual([{ faction: 'harkonnen', cancels: 'ally_revival' }]);
    expect(stopped.context.cursor?.index).toBe(1);
  });

  it('stops the Fremen sparing their ally from a worm: the ally’s forces are devoured too', () => {
    const blow = (fremen: number): Snap =>
      edit(
        afterSetup(SIX),
        (st) => {
          let x = wormAtTheGreatFlat(allied(st, 'fremen', 'emperor'), {
            ...(fremen ? { fremen } : {}),
            emperor: 3,
            atreides: 2,
          });
          for (const f of SIX) x = withPlayer(x, f, { hand: [] });
          x = withPlayer(x, 'harkonnen', { hand: hand(['karama'], 'h') });
          return enterBlow(x);
        },
        'blow',
      );
    const protect = (x: Snap) => act(x, 'fremen', { type: 'protect_ally', protect: true });
    // Fremen there: their own immunity first, then their choice to spare the ally, then its use.
    const both = blow(4);
    expect(both.context.pauses.windows.at(-1)?.cause.power).toBe('worm_immunity');
    const ally = protect(answer(both, null));
    expect(ally.context.pauses.windows.at(-1)?.cause).toEqual({
      power: 'ally_worm_immunity',
      territory: 'the_great_flat',
      fremenImmune: true,
    });
    expect(ally.context.forces['the_great_flat:14']).toEqual({
      fremen: 4,
      emperor: 3,
      atreides: 2,
    });
    expect(answer(ally, null).context.forces['the_great_flat:14']).toEqual({
      fremen: 4,
      emperor: 3,
    });
    const stopped = answer(ally, 'harkonnen');
    expect(stopped.context.forces['the_great_flat:14']).toEqual({ fremen: 4 });
    expect(stopped.context.players.emperor.tanks).toBe(3);
    expect(stopped.value).not.toBe('blow');
    expect(karamaLog(stopped)).toEqual([{ faction: 'harkonnen', cancels: 'ally_worm_immunity' }]);
    // The ally alone there: only its window.
    const alone = protect(blow(0));
    expect(alone.context.pauses.windows.at(-1)?.cause.power).toBe('ally_worm_immunity');
    expect(answer(alone, 'harkonnen').context.forces['the_great_flat:14'] ?? {}).toEqual({});
  });
});

describe('Karama against a Fremen Hajr move', () => {
  const start = (): Snap =>
    movementFor('fremen', (st) =>
      withPlayer(
        {
          ...st,
          storm: 0,
          forces: { ...st.forces, 'the_great_flat:14': { fremen: 3 } },
          cursor: { order: ['fremen'], index: 0, shipped: true },
        },
        'fremen',
        { hand: hand(['hajr'], 'f') },
      ),
    );

  it('asks before a Hajr move beyond one territory; stopped, nothing moves and the Hajr stays', () => {
    const s = start();
    const near = reachableAreas(s.context, 'the_great_flat:14', 'fremen', 1);
    const far = moveTargets(s.context, 'fremen', 'the_great_flat:14').find(
      (a) => !near.includes(a),
    );
    if (!far) throw new Error('no target two territories away');
    const hajr = { type: 'hajr_move', from: 'the_great_flat:14', to: far, count: 2, hajr: 'f0' };
    const asked = act(s, 'fremen', hajr as DuneAction);
    expect(asked.context.pauses.windows.at(-1)?.cause).toEqual({
      power: 'desert_movement',
      from: 'the_great_flat:14',
      to: far,
      count: 2,
      hajr: true,
    });
    // Played face up: every seat sees the Hajr while the window is open; nothing moved yet.
    expect(dune.view(asked, 'spectator').players.fremen?.hand).toEqual([{ card: 'hajr' }]);
    expect(asked.context.forces['the_great_flat:14']).toEqual({ fremen: 3 });

    const moved = answer(asked, null);
    expect(moved.context.forces[far]).toEqual({ fremen: 2 });
    expect(moved.context.treacheryDiscard).toEqual(['hajr']);
    expect(moved.context.players.fremen.hand).toEqual([]);
    expect(dune.deciders(moved)).toEqual(['fremen']);

    const stopped = answer(asked, 'harkonnen');
    expect(stopped.context.forces['the_great_flat:14']).toEqual({ fremen: 3 });
    expect(stopped.context.treacheryDiscard).toEqual(['karama']);
    expect(stopped.context.players.fremen.hand.map((c) => c.card)).toEqual(['hajr']);
    expect(karamaLog(stopped)).toEqual([{ faction: 'harkonnen', cancels: 'desert_movement' }]);
    expect(dune.deciders(stopped)).toEqual(['fremen']);
    const legal = dune.legalActions(stopped, 'fremen');
    const to = (type: 'move' | 'hajr_move') =>
      new Set(
        legal.flatMap((a) =>
          (a.type === 'move' || a.type === 'hajr_move') && a.type === type && a.from === hajr.from
            ? [a.to]
            : [],
        ),
      );
    // The Hajr move again within one territory; the Fremen's own move keeps its desert range.
    expect(to('hajr_move')).toEqual(new Set(near.filter((a) => a !== hajr.from)));
    expect(to('move').has(far)).toBe(true);
    const again = act(stopped, 'fremen', {
      ...hajr,
      to: near.find((a) => a !== hajr.from)!,
    } as DuneAction);
    expect(again.context.pauses.windows).toEqual([]);
    expect(again.context.treacheryDiscard).toEqual(['karama', 'hajr']);
  });
});

describe('the karama_battle window (Voice, Prescience) is neutral', () => {
  /** Everything `viewer` gets of a state: view, log, deciders, windows, its own legal actions. */
  const seen = (s: Snap, viewer: Viewer) => ({
    view: dune.view(s, viewer),
    log: dune.log(s).map((e) => dune.logView(e, viewer)),
    deciders: dune.deciders(s),
    windows: dune.windows(s),
    legal: viewer === 'spectator' ? [] : dune.legalActions(s, viewer),
  });

  /** A battle at The Great Flat, `aggressor` first in storm order; `holder` holds `card`. */
  function battle(
    aggressor: Faction,
    defender: Faction,
    holder: Faction,
    card: 'karama' | 'lasgun',
  ) {
    let s = edit(
      afterSetup(SIX),
      (st) => {
        let x: DuneState = {
          ...st,
          choice: null,
          phaseDone: false,
          stormOrder: [aggressor, ...SIX.filter((f) => f !== aggressor)],
          forces: { 'the_great_flat:14': { [aggressor]: 3, [defender]: 3 } },
        };
        for (const f of SIX) x = withPlayer(x, f, { hand: [] });
        return withPlayer(x, holder, { hand: hand([card], 'k') });
      },
      'battle',
    );
    s = act(s, aggressor, { type: 'battle_pick', territory: 'the_great_flat', opponent: defender });
    return s;
  }

  const uses: Array<[string, Faction, Faction, Faction, Faction, DuneAction]> = [
    // [power, owner (who uses it), aggressor, defender, Karama holder, the use]
    [
      'voice',
      'bene_gesserit',
      'emperor',
      'bene_gesserit',
      'fremen',
      { type: 'voice', kind: 'worthless', play: true },
    ],
    [
      'prescience',
      'atreides',
      'harkonnen',
      'atreides',
      'emperor',
      { type: 'prescience', element: 'weapon' },
    ],
  ];

  it('asks every seat but the power’s owner in storm order, the same with or without a Karama', () => {
    for (const [power, owner, aggressor, defender, holder, use] of uses) {
      let a = act(battle(aggressor, defender, holder, 'karama'), owner, use);
      let b = act(battle(aggressor, defender, holder, 'lasgun'), owner, use);
      const w = a.context.pauses.windows.at(-1);
      expect(w).toMatchObject({ kind: 'karama_battle', cause: { power } });
      expect(w?.participants).toEqual(a.context.stormOrder.filter((f) => f !== owner));
      // Every viewer but the holder gets exactly the same in both worlds, at each step of the
      // window, until the holder is asked.
      const others: Viewer[] = [...SIX.filter((f) => f !== holder), 'spectator'];
      for (let step = 0; step < 6; step++) {
        for (const viewer of others)
          expect(seen(a, viewer), `${power}, ${viewer}, step ${step}`).toEqual(seen(b, viewer));
        const [decider] = dune.deciders(a);
        if (decider === holder || !w) break;
        const pass = { type: 'pass' as const, window: w.id };
        [a, b] = [act(a, decider as Faction, pass), act(b, decider as Faction, pass)];
      }
      // The holder, not in the battle, cancels the power; without the card it can only pass.
      expect(dune.deciders(a)).toEqual([holder]);
      expect(dune.legalActions(b, holder)).toEqual([{ type: 'pass', window: w?.id }]);
      const cancelled = act(a, holder, { type: 'karama_cancel', window: w!.id, karama: 'k0' });
      expect(cancelled.context.battle?.[power as 'voice' | 'prescience']).toBeNull();
      expect(karamaLog(cancelled)).toEqual([{ faction: holder, cancels: power }]);
      expect(cancelled.context.pauses.windows).toEqual([]);
    }
  });
});

describe('a determinized world while an alliance power is asked about', () => {
  it('gives the payer enough spice to pay once the window closes', () => {
    // The BG (5 starting spice) ship 10 forces at the Guild's ally's half price: 10 spice.
    const start = movementFor('bene_gesserit', (st) =>
      withPlayer(allied(st, 'bene_gesserit', 'spacing_guild'), 'bene_gesserit', { spice: 12 }),
    );
    const ship = { type: 'ship', to: 'the_great_flat:14', count: 10, karama: null } as const;
    const asked = act(start, 'bene_gesserit', ship);
    expect(asked.context.pauses.windows.at(-1)?.cause).toMatchObject({
      power: 'ally_half_price',
      cost: 10,
    });
    const world = dune.determinize(dune.view(asked, 'harkonnen'), 'harkonnen', Rng.from(7));
    expect(world.context.players.bene_gesserit.spice).toBeGreaterThanOrEqual(10);
    const paid = answer(answer(world, null), null);
    expect(paid.context.forces['the_great_flat:14']).toEqual({ bene_gesserit: 10 });
    expect(paid.context.players.spacing_guild.spice).toBe(5 + 10);
  });
});
