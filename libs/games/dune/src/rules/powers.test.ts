import { describe, expect, it } from 'vitest';
import { dune } from '../module.js';
import type { DuneState, Faction } from '../state/types.js';
import {
  act,
  afterSetup,
  autoPassKarama,
  edit,
  hand,
  passKarama,
  withPlayer,
  type Snap,
} from '../testing/scenario.js';
import { forceRevivalCost } from './revival.js';
import { shipmentCost } from './movement.js';
import { enterBlow } from './blow.js';

const SIX: readonly Faction[] = [
  'atreides',
  'bene_gesserit',
  'emperor',
  'fremen',
  'spacing_guild',
  'harkonnen',
];

function at(value: string, change: (s: DuneState) => DuneState): Snap {
  return edit(afterSetup(SIX), (st) => change({ ...st, choice: null, phaseDone: false }), value);
}

describe('alliance powers', () => {
  it('the Fremen raise their ally’s free revival to 3; the Guild’s ally ships at half price, paid to the Guild', () => {
    const s = afterSetup(SIX).context;
    expect(forceRevivalCost(s, 'emperor', 3)).toBe(4);
    const allied: DuneState = { ...s, alliances: [['emperor', 'fremen']] };
    expect(forceRevivalCost(allied, 'emperor', 3)).toBe(0);
    expect(shipmentCost(s, 'harkonnen', 'the_great_flat:14', 3, false)).toBe(6);
    const guildAlly: DuneState = { ...s, alliances: [['harkonnen', 'spacing_guild']] };
    expect(shipmentCost(guildAlly, 'harkonnen', 'the_great_flat:14', 3, false)).toBe(3);
    let x = at('movement', (st) => ({
      ...st,
      alliances: [['harkonnen', 'spacing_guild']],
      cursor: { order: ['harkonnen'], index: 0, shipped: false },
    }));
    x = act(x, 'harkonnen', { type: 'ship', to: 'the_great_flat:14', count: 3, karama: null });
    x = passKarama(x);
    expect(x.context.players.spacing_guild.spice).toBe(5 + 3);
  });

  it('the BG use the Voice and the Harkonnen their traitors in their ally’s battle', () => {
    const FENRING = 'emperor.hasimir_fenring';
    let s = at('battle', (st) => {
      let x: DuneState = {
        ...st,
        alliances: [
          ['bene_gesserit', 'atreides'],
          ['harkonnen', 'fremen'],
        ],
        stormOrder: ['emperor', ...SIX.filter((f) => f !== 'emperor')],
        forces: { 'the_great_flat:14': { emperor: 3, fremen: 3 } },
      };
      x = withPlayer(x, 'harkonnen', { traitors: [FENRING] });
      x = withPlayer(x, 'emperor', { hand: hand([], 'e') });
      return x;
    });
    s = act(s, 'emperor', { type: 'battle_pick', territory: 'the_great_flat', opponent: 'fremen' });
    // Neither BG nor Atreides fights, and neither is allied to a combatant here: straight to plans.
    expect(dune.deciders(s)).toEqual(['emperor', 'fremen']);
    s = act(s, 'emperor', {
      type: 'plan',
      plan: { leader: FENRING, hero: null, dial: 3, weapon: null, defense: null },
    });
    s = act(s, 'fremen', {
      type: 'plan',
      plan: { leader: 'fremen.jamis', hero: null, dial: 0, weapon: null, defense: null },
    });
    expect(dune.deciders(s)).toEqual(['emperor', 'fremen', 'harkonnen']);
    expect(dune.legalActions(s, 'harkonnen')).toContainEqual({ type: 'traitor', call: true });
    s = act(s, 'harkonnen', { type: 'traitor', call: true });
    s = act(s, 'emperor', { type: 'traitor', call: false });
    s = act(s, 'fremen', { type: 'traitor', call: false });
    expect(s.context.forces['the_great_flat:14']).toEqual({ fremen: 3 });
    expect(s.context.players.emperor.leaders[FENRING]).toBe('tanks');

    let v = at('battle', (st) => ({
      ...st,
      alliances: [['bene_gesserit', 'emperor']],
      stormOrder: ['emperor', ...SIX.filter((f) => f !== 'emperor')],
      forces: { 'the_great_flat:14': { emperor: 3, fremen: 3 } },
    }));
    v = act(v, 'emperor', { type: 'battle_pick', territory: 'the_great_flat', opponent: 'fremen' });
    expect(dune.deciders(v)).toEqual(['bene_gesserit']);
    v = act(v, 'bene_gesserit', { type: 'voice', kind: 'cheap_hero', play: false });
    expect(v.context.battle?.voice).toEqual({ target: 'fremen', kind: 'cheap_hero', play: false });
  });
});

describe('Guild shipping and special cards', () => {
  it('the Guild may cross-ship between territories or ship back to reserves', () => {
    let s = at('movement', (st) => ({
      ...st,
      cursor: { order: ['spacing_guild'], index: 0, shipped: false },
    }));
    s = act(s, 'spacing_guild', {
      type: 'cross_ship',
      from: 'tueks_sietch:4',
      to: 'the_great_flat:14',
      count: 2,
    });
    s = passKarama(s);
    expect(s.context.forces['the_great_flat:14']).toEqual({ spacing_guild: 2 });
    expect(s.context.players.spacing_guild.spice).toBe(5 - 2);
    let b = at('movement', (st) => ({
      ...st,
      cursor: { order: ['spacing_guild'], index: 0, shipped: false },
    }));
    b = passKarama(
      act(b, 'spacing_guild', { type: 'ship_back', from: 'tueks_sietch:4', count: 3 }),
    );
    expect(b.context.forces['tueks_sietch:4']).toEqual({ spacing_guild: 2 });
    expect(b.context.players.spacing_guild.reserves).toBe(18);
    expect(b.context.players.spacing_guild.spice).toBe(3);
    expect(dune.legalActions(b, 'spacing_guild').some((a) => a.type === 'ship')).toBe(false);
  });

  it('Hajr gives an extra move; Tleilaxu Ghola revives for free; both are discarded as used', () => {
    let s = at('movement', (st) =>
      withPlayer({ ...st, cursor: { order: ['atreides'], index: 0, shipped: true } }, 'atreides', {
        hand: hand(['hajr'], 'a'),
      }),
    );
    s = act(s, 'atreides', {
      type: 'hajr_move',
      from: 'arrakeen:9',
      to: 'old_gap:9',
      count: 2,
      hajr: 'a0',
    });
    expect(dune.deciders(s)).toEqual(['atreides']);
    expect(s.context.treacheryDiscard).toEqual(['hajr']);
    s = act(s, 'atreides', { type: 'move', from: 'arrakeen:9', to: 'imperial_basin:9', count: 1 });
    expect(s.context.forces['old_gap:9']).toEqual({ atreides: 2 });
    expect(s.context.forces['imperial_basin:9']).toEqual({ atreides: 1 });

    let r = at('revival', (st) =>
      withPlayer(
        { ...st, cursor: { order: ['harkonnen'], index: 0, shipped: false } },
        'harkonnen',
        {
          hand: hand(['tleilaxu_ghola'], 'h'),
          tanks: 6,
          spice: 0,
        },
      ),
    );
    r = act(r, 'harkonnen', { type: 'ghola', ghola: 'h0', leader: null, forces: 5 });
    expect(r.context.players.harkonnen.tanks).toBe(1);
    expect(r.context.players.harkonnen.reserves).toBe(15);
    expect(r.context.discardBatches.at(-1)?.cause).toBe('card_used');
    // The normal revival still follows.
    expect(dune.legalActions(r, 'harkonnen')).toContainEqual({
      type: 'revive',
      forces: 1,
      leader: null,
    });
  });
});

describe('Tleilaxu Ghola any time', () => {
  it('is offered whenever the game waits on its holder, outside its Revival turn too', () => {
    const withGhola = (st: DuneState) =>
      withPlayer(st, 'harkonnen', { hand: hand(['tleilaxu_ghola'], 'h'), tanks: 4 });
    // The Harkonnen's movement turn.
    let m = at('movement', (st) =>
      withGhola({ ...st, cursor: { order: ['harkonnen'], index: 0, shipped: false } }),
    );
    const offered = dune.legalActions(m, 'harkonnen').filter((a) => a.type === 'ghola');
    expect(offered).toContainEqual({ type: 'ghola', ghola: 'h0', leader: null, forces: 4 });
    m = act(m, 'harkonnen', { type: 'ghola', ghola: 'h0', leader: null, forces: 4 });
    expect(m.context.players.harkonnen.reserves).toBe(10 + 4);
    expect(m.context.discardBatches.at(-1)).toMatchObject({
      cause: 'card_used',
      phase: 'movement',
    });
    // Still the Harkonnen's turn: the shipment is next.
    expect(dune.deciders(m)).toEqual(['harkonnen']);
    // Not inside a hidden choice (the storm dials): the chart waits on the choice alone.
    const dials = afterSetup(SIX);
    const inChoice = edit(dials, (st) => withGhola(st));
    expect(dune.legalActions(inChoice, 'harkonnen').some((a) => a.type === 'ghola')).toBe(false);
  });
});

describe('Shai-Hulud and the Fremen', () => {
  it('a worm devours all but the Fremen and their ally; after the Nexus the Fremen may ride it', () => {
    const start = afterSetup(SIX).context;
    const blown = enterBlow({
      ...start,
      turn: 2,
      storm: 0,
      alliances: [['fremen', 'harkonnen']],
      spiceDeck: [
        'shai_hulud',
        'old_gap',
        ...start.spiceDeck.filter((c) => c !== 'old_gap' && c !== 'shai_hulud'),
      ],
      spiceDiscard: ['the_great_flat'],
      forces: { ...start.forces, 'the_great_flat:14': { fremen: 4, harkonnen: 2, emperor: 3 } },
      pauses: autoPassKarama(start.pauses),
    });
    // Nobody stops the Fremen's immunity: every seat passes (a standing policy); the Fremen
    // choose to spare their ally, nobody stops that either, and the worm eats.
    expect(blown.pauses.windows).toEqual([]);
    expect(blown.pauses.decisions.at(-1)?.kind).toBe('ally_worm_protection');
    const spared = act(
      edit(afterSetup(SIX), () => ({ ...blown, choice: null }), 'blow'),
      'fremen',
      {
        type: 'protect_ally',
        protect: true,
      },
    ).context;
    expect(spared.forces['the_great_flat:14']).toEqual({ fremen: 4, harkonnen: 2 });
    expect(spared.players.emperor.tanks).toBe(3);
    expect(spared.nexus).toBe(true);
    expect(spared.wormTerritories).toEqual(['the_great_flat']);
    expect(spared.pauses.windows).toEqual([]);
    let s = edit(afterSetup(SIX), () => ({ ...spared, choice: null }), 'nexus');
    s = edit(s, (st) => ({
      ...st,
      cursor: { order: ['atreides'], index: 0, shipped: false },
      phaseDone: false,
    }));
    s = act(s, 'atreides', { type: 'nexus_done' });
    expect(dune.deciders(s)).toEqual(['fremen']);
    const rides = dune.legalActions(s, 'fremen');
    // Not into a territory where the ally (Harkonnen, in Carthag) stands.
    expect(rides.some((a) => a.type === 'ride' && a.to === 'carthag:10')).toBe(false);
    s = act(s, 'fremen', {
      type: 'ride',
      from: 'the_great_flat:14',
      to: 'habbanya_sietch:16',
      count: 4,
    });
    expect(s.context.forces['habbanya_sietch:16']).toEqual({ fremen: 4 });
    expect(s.value).not.toBe('nexus');
  });

  it('the Emperor may give spice straight to the ally', () => {
    let s = at('revival', (st) => ({
      ...st,
      alliances: [['emperor', 'atreides']],
      cursor: { order: ['emperor'], index: 0, shipped: false },
    }));
    s = act(s, 'emperor', { type: 'gift', amount: 4 });
    expect(s.context.players.emperor.spice).toBe(6);
    expect(s.context.players.atreides.spice).toBe(14);
    expect(
      dune.legalActions(s, 'emperor').some((a) => a.type === 'gift' || a.type === 'bribe'),
    ).toBe(false);
  });
});

describe('Karama against a battle power', () => {
  function voiced(targetHand: DuneState['players'][Faction]['hand']) {
    let s = at('battle', (st) =>
      withPlayer(
        {
          ...st,
          stormOrder: ['emperor', ...SIX.filter((f) => f !== 'emperor')],
          forces: { 'the_great_flat:14': { emperor: 3, bene_gesserit: 3 } },
        },
        'emperor',
        { hand: targetHand },
      ),
    );
    s = act(s, 'emperor', {
      type: 'battle_pick',
      territory: 'the_great_flat',
      opponent: 'bene_gesserit',
    });
    return act(s, 'bene_gesserit', { type: 'voice', kind: 'worthless', play: true });
  }

  it('every seat but the BG is asked in storm order, holder or not; a Karama cancels the command', () => {
    const without = voiced(hand(['kulon'], 'e'));
    const window = without.context.pauses.windows[0];
    if (!window) throw new Error('no window');
    expect(window.participants).toEqual([
      'emperor',
      'atreides',
      'fremen',
      'spacing_guild',
      'harkonnen',
    ]);
    expect(dune.deciders(without)).toEqual(['emperor']);
    expect(dune.legalActions(without, 'emperor')).toEqual([{ type: 'pass', window: window.id }]);
    const passed = passKarama(without);
    expect(passed.context.battle?.voice?.kind).toBe('worthless');
    expect(dune.deciders(passed)).toEqual(['emperor', 'bene_gesserit']);

    const holder = voiced(hand(['karama'], 'e'));
    expect(JSON.stringify(dune.view(holder, 'bene_gesserit'))).toBe(
      JSON.stringify(dune.view(without, 'bene_gesserit')),
    );
    const cancelled = act(holder, 'emperor', {
      type: 'karama_cancel',
      window: window.id,
      karama: 'e0',
    });
    expect(cancelled.context.battle?.voice).toBeNull();
    expect(cancelled.context.treacheryDiscard).toContain('karama');
    expect(dune.deciders(cancelled)).toEqual(['emperor', 'bene_gesserit']);
  });
});

describe('the Emperor pays for the ally’s extra revivals', () => {
  it('after the ally revives, the Emperor decides how many more (up to 3, 2 spice each)', () => {
    let s = at('revival', (st) =>
      withPlayer(
        {
          ...st,
          alliances: [['emperor', 'atreides']],
          cursor: { order: ['atreides', 'emperor'], index: 0, shipped: false },
        },
        'atreides',
        { tanks: 7, reserves: 3 },
      ),
    );
    s = act(s, 'atreides', { type: 'revive', forces: 3, leader: null });
    expect(dune.deciders(s)).toEqual(['emperor']);
    expect(dune.legalActions(s, 'emperor')).toEqual(
      [0, 1, 2, 3].map((count) => ({ type: 'emperor_revive', count })),
    );
    s = passKarama(act(s, 'emperor', { type: 'emperor_revive', count: 3 }));
    expect(s.context.players.atreides.reserves).toBe(9);
    expect(s.context.players.atreides.tanks).toBe(1);
    expect(s.context.players.emperor.spice).toBe(4);
    expect(dune.deciders(s)).toEqual(['emperor']);
    expect(s.context.cursor?.index).toBe(1);
  });
});

describe('Atreides Prescience', () => {
  it('the opponent fixes its plan first and the asked element is published; its later plans keep it', () => {
    let s = at('battle', (st) =>
      withPlayer(
        {
          ...st,
          stormOrder: ['harkonnen', ...SIX.filter((f) => f !== 'harkonnen')],
          forces: { 'the_great_flat:14': { harkonnen: 3, atreides: 3 } },
        },
        'harkonnen',
        { hand: hand(['crysknife', 'snooper'], 'h') },
      ),
    );
    s = act(s, 'harkonnen', {
      type: 'battle_pick',
      territory: 'the_great_flat',
      opponent: 'atreides',
    });
    expect(dune.deciders(s)).toEqual(['atreides']);
    s = act(s, 'atreides', { type: 'prescience', element: 'weapon' });
    const window = s.context.pauses.windows[0];
    if (!window) throw new Error('no window');
    s = passKarama(act(s, 'harkonnen', { type: 'pass', window: window.id }));
    expect(dune.deciders(s)).toEqual(['harkonnen']);
    s = act(s, 'harkonnen', {
      type: 'plan',
      plan: { leader: 'harkonnen.feyd_rautha', hero: null, dial: 2, weapon: 'h0', defense: null },
    });
    expect(s.context.battle?.prescience?.answer).toBe('crysknife');
    expect(dune.view(s, 'atreides').players.harkonnen?.hand).toEqual([{ card: 'crysknife' }]);
    expect(dune.deciders(s)).toEqual(['harkonnen', 'atreides']);
    const plans = dune.legalActions(s, 'harkonnen');
    expect(plans.length).toBeGreaterThan(1);
    expect(plans.every((a) => a.type === 'plan' && a.plan.weapon === 'h0')).toBe(true);
  });
});
