import { describe, expect, it } from 'vitest';
import { RulesError } from '@veil/engine';
import { dune } from '../module.js';
import type { DuneState, Faction } from '../state/types.js';
import { act, afterSetup, edit, passKarama } from '../testing/scenario.js';
import { moveTargets } from './movement.js';
import { endOfGameWinners, enterMentat, strongholdWinners } from './mentat.js';
import { enterBidding } from './bidding.js';
import { enterStorm, moveStorm } from './storm.js';

const SIX: readonly Faction[] = [
  'atreides',
  'bene_gesserit',
  'emperor',
  'fremen',
  'spacing_guild',
  'harkonnen',
];

describe('Storm Phase', () => {
  it('moves the storm by the sum of the revealed dials, clearing spice and unsheltered forces it enters', () => {
    let s = edit(afterSetup(['atreides', 'harkonnen']), (st) => ({
      ...st,
      forces: {
        ...st.forces,
        'the_minor_erg:7': { harkonnen: 3 },
        'pasty_mesa:7': { atreides: 2 },
        'gara_kulon:7': { atreides: 1 },
        'basin:8': { atreides: 4 },
      },
      spice: { 'the_minor_erg:7': 8, 'basin:8': 5 },
    }));
    s = act(s, 'atreides', { type: 'dial', value: 3 });
    expect(s.context.storm).toBe(0);
    s = act(s, 'harkonnen', { type: 'dial', value: 4 });
    const c = s.context;
    expect(c.storm).toBe(7);
    expect(c.forces['the_minor_erg:7']).toBeUndefined();
    expect(c.forces['gara_kulon:7']).toBeUndefined();
    expect(c.forces['pasty_mesa:7']).toEqual({ atreides: 2 });
    expect(c.forces['basin:8']).toEqual({ atreides: 4 });
    expect(c.spice['the_minor_erg:7']).toBeUndefined();
    expect(c.players.harkonnen.tanks).toBe(3);
    expect(c.players.atreides.tanks).toBe(1);
    expect(c.log.find((e) => e.type === 'storm_dials')?.data).toEqual({
      dials: [
        { faction: 'atreides', dial: 3 },
        { faction: 'harkonnen', dial: 4 },
      ],
      move: 7,
    });
  });
});

function movementFor(seat: Faction, change: (s: DuneState) => DuneState = (s) => s) {
  return edit(
    afterSetup(SIX),
    (st) =>
      change({
        ...st,
        choice: null,
        phaseDone: false,
        stormOrder: [seat, ...SIX.filter((f) => f !== seat)],
        cursor: { order: [seat], index: 0, shipped: false },
      }),
    'movement',
  );
}

describe('Shipment and Movement', () => {
  it('charges 1 per force into a stronghold and 2 elsewhere, paid to the Guild; the Guild ships at half price', () => {
    let s = movementFor('emperor');
    s = passKarama(act(s, 'emperor', { type: 'ship', to: 'carthag:10', count: 3, karama: null }));
    expect(s.context.players.emperor.spice).toBe(7);
    expect(s.context.players.spacing_guild.spice).toBe(8);
    s = movementFor('spacing_guild');
    s = act(s, 'spacing_guild', { type: 'ship', to: 'the_great_flat:14', count: 3, karama: null });
    s = passKarama(s);
    expect(s.context.players.spacing_guild.spice).toBe(5 - 3);
  });

  it('offers the BG a free force to the Polar Sink after another faction ships from off-planet', () => {
    let s = movementFor('emperor');
    s = passKarama(act(s, 'emperor', { type: 'ship', to: 'carthag:10', count: 1, karama: null }));
    expect(dune.deciders(s)).toEqual(['bene_gesserit']);
    s = passKarama(act(s, 'bene_gesserit', { type: 'advisor', send: true }));
    expect(s.context.forces['polar_sink']).toEqual({ bene_gesserit: 2 });
    expect(dune.deciders(s)).toEqual(['emperor']);
  });

  it('lets the Fremen ship only near The Great Flat, for free', () => {
    const s = movementFor('fremen');
    const targets = new Set(
      dune
        .legalActions(s, 'fremen')
        .flatMap((a) => (a.type === 'ship' ? [a.to.split(':')[0]] : [])),
    );
    expect(targets.has('the_great_flat')).toBe(true);
    expect(targets.has('arrakeen')).toBe(false);
    const after = act(s, 'fremen', {
      type: 'ship',
      to: 'the_great_flat:14',
      count: 5,
      karama: null,
    });
    expect(after.context.players.fremen.spice).toBe(3);
  });

  it('moves one territory, three with ornithopters, never into or through the storm', () => {
    const plain = movementFor('spacing_guild', (st) => ({
      ...st,
      storm: 0,
      forces: { ...st.forces, 'the_great_flat:14': { spacing_guild: 2 } },
    }));
    const near = moveTargets(plain.context, 'spacing_guild', 'the_great_flat:14');
    expect(near).toContain('funeral_plain:14');
    const territories = new Set(near.map((a) => a.split(':')[0]));
    // One territory away, not two (Sietch Tabr lies beyond Plastic Basin).
    expect([...territories].sort()).toEqual([
      'funeral_plain',
      'plastic_basin',
      'the_greater_flat',
      'wind_pass',
    ]);
    const thopters = moveTargets(movementFor('atreides').context, 'atreides', 'arrakeen:9');
    expect(thopters.length).toBeGreaterThan(
      moveTargets(
        movementFor('atreides', (st) => ({
          ...st,
          forces: { ...st.forces, 'arrakeen:9': {}, 'old_gap:9': { atreides: 1 } },
        })).context,
        'atreides',
        'old_gap:9',
      ).length,
    );
    const stormed = movementFor('atreides', (st) => ({ ...st, storm: 9 }));
    expect(moveTargets(stormed.context, 'atreides', 'arrakeen:9')).toEqual([]);
    const blocked = movementFor('atreides', (st) => ({ ...st, storm: 8 }));
    expect(
      moveTargets(blocked.context, 'atreides', 'arrakeen:9').some((a) => a.endsWith(':8')),
    ).toBe(false);
  });

  it('refuses a move the seat may not make, and changes nothing', () => {
    const s = movementFor('atreides', (st) => ({
      ...st,
      cursor: { order: ['atreides'], index: 0, shipped: true },
    }));
    expect(() =>
      act(s, 'atreides', { type: 'move', from: 'arrakeen:9', to: 'habbanya_sietch:16', count: 1 }),
    ).toThrow(RulesError);
    expect(() =>
      act(s, 'atreides', { type: 'move', from: 'arrakeen:9', to: 'old_gap:9', count: 11 }),
    ).toThrow(RulesError);
    expect(s.context.forces['arrakeen:9']).toEqual({ atreides: 10 });
  });
});

describe('Bidding', () => {
  it('shows the card up for auction to the Atreides only; the buyer pays the Emperor; Harkonnen draw one more', () => {
    const start = afterSetup(['atreides', 'emperor', 'harkonnen']).context;
    const entered = enterBidding({
      ...start,
      choice: null,
      stormOrder: ['harkonnen', 'emperor', 'atreides'],
      treacheryDeck: ['lasgun', 'karama', 'shield', 'snooper', ...start.treacheryDeck],
    });
    let x = edit(afterSetup(['atreides', 'emperor', 'harkonnen']), () => entered, 'bidding');
    x = passKarama(x);
    expect(x.context.auction?.cards).toEqual(['lasgun', 'karama', 'shield']);
    expect(dune.view(x, 'atreides').auction?.card).toBe('lasgun');
    expect(dune.view(x, 'emperor').auction?.card).toBeNull();
    expect(dune.view(x, 'spectator').auction?.card).toBeNull();
    expect(dune.deciders(x)).toEqual(['harkonnen']);
    x = act(x, 'harkonnen', { type: 'bid', amount: 3 });
    expect(() => act(x, 'emperor', { type: 'bid', amount: 3 })).toThrow(RulesError);
    x = act(x, 'emperor', { type: 'bid_pass' });
    x = passKarama(act(x, 'atreides', { type: 'bid_pass' }));
    expect(x.context.players.harkonnen.spice).toBe(7);
    expect(x.context.players.emperor.spice).toBe(13);
    // 2 at setup, the lasgun bought, and one free card from the top of the deck.
    expect(x.context.players.harkonnen.hand.map((c) => c.card).slice(2)).toEqual([
      'lasgun',
      'snooper',
    ]);
    expect(x.context.players.harkonnen.hand[2]?.seenBy).toEqual(['atreides']);
    // Card 2 opens with the next seat after the previous opener.
    expect(dune.deciders(x)).toEqual(['emperor']);
    x = act(x, 'emperor', { type: 'bid_pass' });
    x = act(x, 'atreides', { type: 'bid_pass' });
    x = act(x, 'harkonnen', { type: 'bid_pass' });
    // Everyone passed: this card and the rest go back on top, in order.
    expect(x.context.treacheryDeck.slice(0, 2)).toEqual(['karama', 'shield']);
    expect(x.value).not.toBe('bidding');
  });
});

describe('Victory', () => {
  const base = () => afterSetup(SIX).context;
  it('3 strongholds alone, 4 for an alliance; the earliest in storm order wins', () => {
    let s: DuneState = {
      ...base(),
      forces: {
        'arrakeen:9': { atreides: 1 },
        'carthag:10': { atreides: 1 },
        'tueks_sietch:4': { atreides: 1 },
      },
    };
    expect(strongholdWinners(s)).toEqual({ winners: ['atreides'], reason: 'strongholds' });
    s = { ...s, alliances: [['atreides', 'emperor']] };
    expect(strongholdWinners(s)).toBeNull();
    s = { ...s, forces: { ...s.forces, 'sietch_tabr:13': { emperor: 2 } } };
    expect(strongholdWinners(s)?.winners.sort()).toEqual(['atreides', 'emperor']);
  });

  it("an allied win is the engine outcome's winners, both of them, with a plain reason", () => {
    const allied: DuneState = {
      ...base(),
      prediction: { faction: 'harkonnen', turn: 9 },
      alliances: [['atreides', 'emperor']],
      forces: {
        'arrakeen:9': { atreides: 1 },
        'carthag:10': { atreides: 1 },
        'tueks_sietch:4': { emperor: 1 },
        'sietch_tabr:13': { emperor: 2 },
      },
    };
    const over = edit(afterSetup(SIX), () => enterMentat(allied));
    expect(dune.outcome(over)).toEqual({
      winners: ['atreides', 'emperor'],
      reason: 'strongholds_allied',
    });
    // The reason is a short token the room's outcome accepts (no winner names folded into it).
    expect(dune.outcome(over)?.reason).toMatch(/^[a-z_]+$/);
  });

  it('the end-of-game order: Fremen special, else the Guild, else the Fremen, else most strongholds', () => {
    const s = base();
    const fremenHold: DuneState = {
      ...s,
      forces: { 'sietch_tabr:13': { fremen: 3 }, 'tueks_sietch:4': { spacing_guild: 5 } },
    };
    expect(endOfGameWinners(fremenHold).reason).toBe('fremen_special');
    const blocked: DuneState = {
      ...fremenHold,
      forces: { ...fremenHold.forces, 'tueks_sietch:4': { harkonnen: 1 } },
    };
    expect(endOfGameWinners(blocked)).toEqual({
      winners: ['spacing_guild'],
      reason: 'guild_default',
    });
    const noGuild: DuneState = {
      ...blocked,
      options: { ...blocked.options, factions: SIX.filter((f) => f !== 'spacing_guild') },
    };
    expect(endOfGameWinners(noGuild).reason).toBe('fremen_default');
    const plain: DuneState = {
      ...blocked,
      stormOrder: ['atreides', 'harkonnen'],
      options: { ...blocked.options, factions: ['atreides', 'harkonnen'] },
      forces: {
        'arrakeen:9': { atreides: 1 },
        'carthag:10': { harkonnen: 1 },
        'sietch_tabr:13': { harkonnen: 1 },
      },
    };
    expect(endOfGameWinners(plain)).toEqual({ winners: ['harkonnen'], reason: 'most_strongholds' });
  });

  it('the BG prediction takes the win when the predicted faction wins on the predicted turn', () => {
    const st = afterSetup(['bene_gesserit', 'harkonnen']).context;
    const held: DuneState = {
      ...st,
      forces: {
        'arrakeen:9': { harkonnen: 1 },
        'carthag:10': { harkonnen: 1 },
        'tueks_sietch:4': { harkonnen: 1 },
      },
    };
    expect(enterMentat({ ...held, prediction: { faction: 'harkonnen', turn: 1 } }).result).toEqual({
      winners: ['bene_gesserit'],
      reason: 'bg_prediction',
    });
    expect(enterMentat({ ...held, prediction: { faction: 'harkonnen', turn: 2 } }).result).toEqual({
      winners: ['harkonnen'],
      reason: 'strongholds',
    });
  });
});

describe('Storm cards', () => {
  it('every seat is asked in the storm window; Family Atomics destroys the Shield Wall and its shelter', () => {
    const start = afterSetup(['atreides', 'emperor', 'harkonnen']).context;
    const entered = enterStorm({
      ...start,
      turn: 2,
      storm: 0,
      dialers: ['atreides', 'emperor'],
      stormOrder: ['atreides', 'emperor', 'harkonnen'],
      forces: {
        ...start.forces,
        'shield_wall:7': { emperor: 4 },
        'imperial_basin:9': { harkonnen: 2 },
      },
      players: {
        ...start.players,
        harkonnen: {
          ...start.players.harkonnen,
          hand: [{ card: 'family_atomics', handle: 'h0', seenBy: [] }],
        },
      },
    });
    let s = edit(afterSetup(['atreides', 'emperor', 'harkonnen']), () => entered, 'storm');
    s = act(s, 'atreides', { type: 'dial', value: 3 });
    s = act(s, 'emperor', { type: 'dial', value: 3 });
    // The window asks everyone in storm order, holder or not.
    expect(dune.deciders(s)).toEqual(['atreides']);
    const window = s.context.pauses.windows[0];
    if (!window) throw new Error('no window');
    expect(dune.legalActions(s, 'atreides')).toEqual([{ type: 'pass', window: window.id }]);
    s = act(s, 'atreides', { type: 'pass', window: window.id });
    s = act(s, 'emperor', { type: 'pass', window: window.id });
    expect(dune.legalActions(s, 'harkonnen')).toEqual([
      { type: 'pass', window: window.id },
      { type: 'family_atomics', window: window.id },
    ]);
    s = act(s, 'harkonnen', { type: 'family_atomics', window: window.id });
    expect(s.context.forces['shield_wall:7']).toBeUndefined();
    expect(s.context.players.emperor.tanks).toBe(4);
    expect(s.context.atomics).toBe(true);
    expect(s.context.storm).toBe(6);
    expect(s.context.treacheryDiscard).not.toContain('family_atomics');
    // Arrakeen is no longer sheltered: a storm passing over it kills the Atreides there.
    const over = moveStorm({ ...s.context, storm: 8 }, 1);
    expect(over.forces['arrakeen:9']).toBeUndefined();
    expect(moveStorm({ ...s.context, storm: 8, atomics: false }, 1).forces['arrakeen:9']).toEqual({
      atreides: 10,
    });
  });
});
