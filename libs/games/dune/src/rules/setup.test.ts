import { describe, expect, it } from 'vitest';
import { newGame, RulesError } from '@veil/engine';
import { dune } from '../module.js';
import { act, afterSetup, edit, withPlayer } from '../testing/scenario.js';
import type { Faction } from '../state/types.js';

const SIX: readonly Faction[] = [
  'atreides',
  'bene_gesserit',
  'emperor',
  'fremen',
  'spacing_guild',
  'harkonnen',
];

describe('Dune setup', () => {
  it('deals shields, forces, traitors and cards as the faction sheets say', () => {
    const s = newGame(dune, { factions: SIX }, 7).context;
    expect(SIX.map((f) => s.players[f].spice)).toEqual([10, 5, 10, 3, 5, 10]);
    expect(s.forces['arrakeen:9']).toEqual({ atreides: 10 });
    expect(s.forces['carthag:10']).toEqual({ harkonnen: 10 });
    expect(s.forces['tueks_sietch:4']).toEqual({ spacing_guild: 5 });
    expect(s.forces['polar_sink']).toEqual({ bene_gesserit: 1 });
    expect(SIX.map((f) => s.players[f].reserves)).toEqual([10, 19, 20, 20, 15, 10]);
    expect(SIX.map((f) => s.players[f].hand.length)).toEqual([1, 1, 1, 1, 1, 2]);
    expect(s.players.harkonnen.traitors).toHaveLength(4);
    for (const f of SIX.filter((x) => x !== 'harkonnen'))
      expect(s.players[f].rejectedTraitors).toHaveLength(4);
    expect(s.traitorDeck).toHaveLength(30 - 24);
    expect(s.treacheryDeck).toHaveLength(33 - 7);
    expect(s.spiceDeck).toHaveLength(21);
  });

  it('collects traitor picks and the BG prediction as one hidden choice; nobody learns a pick', () => {
    let s = newGame(dune, { factions: ['atreides', 'bene_gesserit', 'harkonnen'] }, 3);
    expect(dune.deciders(s)).toEqual(['atreides', 'bene_gesserit']);
    const before = {
      h: JSON.stringify(dune.view(s, 'harkonnen')),
      spectator: JSON.stringify(dune.view(s, 'spectator')),
    };
    const pick = s.context.players.atreides.rejectedTraitors[2] as string;
    s = act(s, 'atreides', { type: 'setup', traitor: pick, prediction: null });
    expect(JSON.stringify(dune.view(s, 'harkonnen'))).toBe(before.h);
    expect(JSON.stringify(dune.view(s, 'spectator'))).toBe(before.spectator);
    expect(dune.deciders(s)).toEqual(['atreides', 'bene_gesserit']);
    const bgPick = s.context.players.bene_gesserit.rejectedTraitors[0] as string;
    s = act(s, 'bene_gesserit', {
      type: 'setup',
      traitor: bgPick,
      prediction: { faction: 'harkonnen', turn: 4 },
    });
    expect(s.context.players.atreides.traitors).toEqual([pick]);
    expect(s.context.players.atreides.rejectedTraitors).toHaveLength(3);
    expect(dune.view(s, 'bene_gesserit').prediction).toEqual({ faction: 'harkonnen', turn: 4 });
    expect(dune.view(s, 'atreides').prediction).toBeNull();
    expect(dune.view(s, 'harkonnen').players.atreides?.traitors).toBeNull();
    expect(s.value).toBe('storm');
  });

  it('lets the Fremen split their ten forces, and refuses a split that is not ten', () => {
    let s = newGame(dune, { factions: ['fremen', 'harkonnen'] }, 2);
    s = act(s, 'fremen', dune.legalActions(s, 'fremen')[0] as never);
    expect(dune.deciders(s)).toEqual(['fremen']);
    expect(() => act(s, 'fremen', { type: 'fremen_split', tabr: 5, south: 5, west: 5 })).toThrow(
      RulesError,
    );
    s = act(s, 'fremen', { type: 'fremen_split', tabr: 4, south: 3, west: 3 });
    expect(s.context.forces['sietch_tabr:13']).toEqual({ fremen: 4 });
    expect(s.context.forces['false_wall_south:3']).toEqual({ fremen: 3 });
    expect(s.context.forces['false_wall_west:15']).toEqual({ fremen: 3 });
    expect(s.context.players.fremen.reserves).toBe(10);
  });

  it('opens the first storm as two hidden dials of 0–20 by the seats beside the start sector', () => {
    const s = afterSetup(SIX);
    expect(s.value).toBe('storm');
    expect(dune.deciders(s)).toEqual(['atreides', 'harkonnen']);
    expect(dune.legalActions(s, 'atreides')).toHaveLength(21);
    expect(dune.legalActions(s, 'emperor')).toEqual([]);
  });
});

describe('Dune room options', () => {
  it('refuses bad options with a clear error (seats() is what a room reads first)', () => {
    expect(() => dune.seats({ factions: ['atreides'] })).toThrow(/2 to 6/);
    expect(() => dune.seats({ factions: ['atreides', 'atreides'] })).toThrow(/2 to 6/);
    expect(() => dune.seats({ factions: ['atreides', 'ixian' as Faction] })).toThrow(
      /unknown faction/,
    );
    expect(() => dune.seats({ turns: 0 })).toThrow(/turns/);
    expect(() => dune.seats({ spiceCollection: 'anywhere' as never })).toThrow(/spiceCollection/);
    expect(() => dune.seats({ twoPlayerStrongholds: 5 as never })).toThrow(/twoPlayerStrongholds/);
    expect(newGame(dune, { bgCharity: 'always' }, 1).context.options.bgCharity).toBe('always');
  });

  it('newGame with bad options is the generic bad_request, never a game in error status', () => {
    const bad: unknown[] = [
      { turns: 0 },
      { turns: 2.5 },
      { factions: ['atreides'] },
      { factions: 'atreides' },
      { spiceCollection: 'anywhere' },
      { harkonnenMulligan: 'yes' },
    ];
    for (const options of bad) {
      let thrown: unknown;
      try {
        newGame(dune, options as never, 1);
      } catch (error) {
        thrown = error;
      }
      expect(thrown, JSON.stringify(options)).toBeInstanceOf(RulesError);
      expect((thrown as RulesError).code).toBe('bad_request');
      expect((thrown as RulesError).message).toBe('The request is malformed.');
      // The reason stays on the server (its log), not in what a client is told.
      expect(String((thrown as Error & { cause: unknown }).cause)).toMatch(/^Error: dune: /);
    }
  });
});

describe('the Harkonnen traitor mulligan (room option)', () => {
  it('asks the Harkonnen whether or not a redraw is allowed; redraws only with two own leaders', () => {
    const factions: Faction[] = ['atreides', 'harkonnen'];
    expect(dune.deciders(newGame(dune, { factions }, 1))).toEqual(['atreides']);
    const s = newGame(dune, { factions, harkonnenMulligan: true }, 1);
    expect(dune.deciders(s)).toEqual(['harkonnen']);
    const own = edit(s, (st) =>
      withPlayer(st, 'harkonnen', {
        traitors: [
          'harkonnen.feyd_rautha',
          'harkonnen.beast_rabban',
          'atreides.duncan_idaho',
          'atreides.thufir_hawat',
        ],
      }),
    );
    const mixed = edit(s, (st) =>
      withPlayer(st, 'harkonnen', {
        traitors: [
          'harkonnen.feyd_rautha',
          'atreides.gurney_halleck',
          'atreides.duncan_idaho',
          'atreides.thufir_hawat',
        ],
      }),
    );
    expect(dune.legalActions(mixed, 'harkonnen')).toEqual([{ type: 'mulligan', redraw: false }]);
    expect(dune.legalActions(own, 'harkonnen')).toEqual([
      { type: 'mulligan', redraw: false },
      { type: 'mulligan', redraw: true },
    ]);
    const redrawn = act(own, 'harkonnen', { type: 'mulligan', redraw: true });
    expect(redrawn.context.players.harkonnen.traitors).toHaveLength(4);
    expect(redrawn.context.traitorDeck).toHaveLength(own.context.traitorDeck.length);
    expect(dune.view(redrawn, 'atreides').players.harkonnen?.traitors).toBeNull();
    expect(dune.deciders(redrawn)).toEqual(['atreides']);
  });
});
