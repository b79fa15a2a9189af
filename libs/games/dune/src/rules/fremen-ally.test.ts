import { describe, expect, it } from 'vitest';
import { RulesError } from '@veil/engine';
import { dune } from '../module.js';
import type { Faction } from '../state/types.js';
import {
  act,
  afterSetup,
  edit,
  passKarama,
  withPlayer,
  wormAtTheGreatFlat,
  type Snap,
} from '../testing/scenario.js';
import { enterBlow } from './blow.js';
import { enterRevival } from './revival.js';

/**
 * The Fremen's alliance powers are their choices: whether a worm spares the ally's forces, and
 * whether the ally's revival uses their free number (3). Asked only when it matters; a yes is
 * then a use of the power, open to a Karama (karama-powers.test.ts).
 */

const SIX: readonly Faction[] = [
  'atreides',
  'bene_gesserit',
  'emperor',
  'fremen',
  'spacing_guild',
  'harkonnen',
];

const logOf = (s: Snap, type: string) =>
  s.context.log.filter((e) => e.type === type).map((e) => e.data);

/** Turn 2's Spice Blow: a worm in The Great Flat, where `there` stand; Fremen allied with the Emperor. */
function wormOn(there: Record<string, number>): Snap {
  return edit(
    afterSetup(SIX),
    (st) => enterBlow({ ...wormAtTheGreatFlat(st, there), alliances: [['fremen', 'emperor']] }),
    'blow',
  );
}

/** Revival with the Atreides (free 2; 5 in the Tanks, 10 spice) to act, allied with the Fremen. */
function allyRevival(): Snap {
  return edit(
    afterSetup(SIX),
    (st) =>
      enterRevival(
        withPlayer(
          {
            ...st,
            alliances: [['atreides', 'fremen']],
            choice: null,
            stormOrder: ['atreides', ...SIX.filter((f) => f !== 'atreides')],
          },
          'atreides',
          { tanks: 5, reserves: 0 },
        ),
      ),
    'revival',
  );
}

describe('the Fremen choose whether a worm spares their ally', () => {
  it('asks the Fremen alone when the worm reaches the ally’s forces; declined, they are devoured', () => {
    const asked = wormOn({ emperor: 3, atreides: 2 });
    expect(dune.deciders(asked)).toEqual(['fremen']);
    expect(dune.view(asked, 'spectator').decision).toMatchObject({
      kind: 'ally_worm_protection',
      seat: 'fremen',
      territory: 'the_great_flat',
      fremenImmune: true,
    });
    expect(dune.legalActions(asked, 'fremen')).toEqual([
      { type: 'protect_ally', protect: true },
      { type: 'protect_ally', protect: false },
    ]);
    // Nothing devoured while the Fremen decide.
    expect(asked.context.forces['the_great_flat:14']).toEqual({ emperor: 3, atreides: 2 });
    expect(() => act(asked, 'emperor', { type: 'protect_ally', protect: true })).toThrow(
      RulesError,
    );

    const declined = act(asked, 'fremen', { type: 'protect_ally', protect: false });
    expect(declined.context.forces['the_great_flat:14'] ?? {}).toEqual({});
    expect(declined.context.players.emperor.tanks).toBe(3);
    // A no is no use of the power: no Karama window asks about it.
    expect(declined.context.pauses.windows.some((w) => w.kind === 'karama_power')).toBe(false);
    expect(logOf(declined, 'ally_worm_protection')).toEqual([
      { territory: 'the_great_flat', ally: 'emperor', protect: false },
    ]);
    expect(declined.context.nexus).toBe(true);

    const spared = passKarama(act(asked, 'fremen', { type: 'protect_ally', protect: true }));
    expect(spared.context.forces['the_great_flat:14']).toEqual({ emperor: 3 });
    expect(spared.context.players.emperor.tanks).toBe(0);
    expect(logOf(spared, 'ally_worm_protection')).toEqual([
      { territory: 'the_great_flat', ally: 'emperor', protect: true },
    ]);
  });

  it('asks after the Fremen’s own immunity, which stands whatever they choose for the ally', () => {
    let s = passKarama(wormOn({ fremen: 4, emperor: 3 }));
    expect(dune.deciders(s)).toEqual(['fremen']);
    s = act(s, 'fremen', { type: 'protect_ally', protect: false });
    expect(s.context.forces['the_great_flat:14']).toEqual({ fremen: 4 });
  });

  it('does not ask when the worm reaches no force of the ally', () => {
    const s = wormOn({ atreides: 2 });
    expect(s.context.pauses.decisions).toEqual([]);
    expect(logOf(s, 'ally_worm_protection')).toEqual([]);
    expect(s.context.forces['the_great_flat:14'] ?? {}).toEqual({});
  });
});

describe('the Fremen choose whether their ally revives with 3 free', () => {
  const three = { type: 'revive', forces: 3, leader: null } as const;

  it('asks the Fremen when the ally’s revival counts on it; raised, it is free', () => {
    const asked = act(allyRevival(), 'atreides', three);
    expect(dune.deciders(asked)).toEqual(['fremen']);
    expect(dune.view(asked, 'spectator').decision).toMatchObject({
      kind: 'ally_free_revival',
      ally: 'atreides',
      forces: 3,
      cost: 0,
    });
    expect(asked.context.players.atreides.tanks).toBe(5);
    const raised = passKarama(act(asked, 'fremen', { type: 'raise_ally_revival', raise: true }));
    expect(raised.context.players.atreides).toMatchObject({ tanks: 2, reserves: 3, spice: 10 });
    expect(logOf(raised, 'ally_free_revival')).toEqual([{ ally: 'atreides', raise: true }]);
  });

  it('declined, the ally revives again at its own free number and is not asked about again', () => {
    const declined = act(act(allyRevival(), 'atreides', three), 'fremen', {
      type: 'raise_ally_revival',
      raise: false,
    });
    expect(declined.context.players.atreides).toMatchObject({ tanks: 5, reserves: 0, spice: 10 });
    expect(declined.context.pauses.windows).toEqual([]);
    expect(logOf(declined, 'ally_free_revival')).toEqual([{ ally: 'atreides', raise: false }]);
    expect(dune.deciders(declined)).toEqual(['atreides']);
    const again = act(declined, 'atreides', three);
    expect(again.context.pauses.decisions).toEqual([]);
    // Its own free number (2): the third force costs 2.
    expect(again.context.players.atreides).toMatchObject({ tanks: 2, reserves: 3, spice: 8 });
  });

  it('does not ask when the ally revives within its own free number', () => {
    const two = act(allyRevival(), 'atreides', { ...three, forces: 2 });
    expect(two.context.pauses.decisions).toEqual([]);
    expect(two.context.players.atreides).toMatchObject({ tanks: 3, reserves: 2, spice: 10 });
  });
});
