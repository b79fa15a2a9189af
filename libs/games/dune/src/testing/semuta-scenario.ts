import type { TreacheryCardId } from '../data/treachery.js';
import { applyPolicyToPauses } from '../rules/policy.js';
import type { BattlePlan, DuneOptions, DuneState, Faction } from '../state/types.js';
import { act, afterSetup, edit, hand, withPlayer, type Snap } from './scenario.js';

/**
 * A Semuta room's named positions for tests (rules/semuta.test.ts, view/golden-views.test.ts):
 * one battle whose cleanup opens the fresh-discard boundary, with the one Semuta in a place the
 * test chooses and everything public the same in every choice.
 */

export const THREE: readonly Faction[] = ['emperor', 'harkonnen', 'spacing_guild'];
const FENRING = 'emperor.hasimir_fenring';
const FEYD = 'harkonnen.feyd_rautha';
const AREA = 'the_great_flat:14';
export const SEMUTA_ROOM: Omit<DuneOptions, 'factions'> = { semutaDrug: true };

/** Where the one Semuta is: the Guild's only card, the Harkonnen's third, or the deck's bottom. */
export type Where = 'spacing_guild' | 'harkonnen' | 'deck';
export const WORLDS: readonly Where[] = ['spacing_guild', 'harkonnen', 'deck'];

/**
 * The three slots the Semuta and two worthless cards fill, so every world has the same hand
 * sizes, deck size and public history, and a seat that holds the Semuta in neither of two
 * worlds holds the same card in both: only the holder's hand and the deck differ.
 */
function slots(where: Where): [TreacheryCardId, TreacheryCardId, TreacheryCardId] {
  if (where === 'spacing_guild') return ['semuta_drug', 'baliset', 'kulon'];
  if (where === 'harkonnen') return ['kulon', 'semuta_drug', 'baliset'];
  return ['kulon', 'baliset', 'semuta_drug'];
}

function placeCards(st: DuneState, where: Where): DuneState {
  const [guild, harkonnen, deck] = slots(where);
  const rest = st.treacheryDeck.filter((c) => !['semuta_drug', 'kulon', 'baliset'].includes(c));
  let x: DuneState = { ...st, treacheryDeck: [...rest, deck] };
  x = withPlayer(x, 'emperor', { hand: hand(['crysknife', 'shield'], 'e'), spice: 0 });
  x = withPlayer(x, 'harkonnen', { hand: hand(['chaumas', 'snooper', harkonnen], 'h'), spice: 0 });
  return withPlayer(x, 'spacing_guild', { hand: hand([guild], 'g') });
}

/**
 * A battle on The Great Flat in a Semuta room: the Emperor (aggressor: Crysknife e0, Shield e1)
 * against the Harkonnen (Chaumas h0, Snooper h1); plans and traitor calls in. The Emperor loses
 * and discards both cards: batch 1, the boundary open. `policies` are set first (a premise).
 */
export function battleBoundary(
  where: Where,
  policies: ReadonlyArray<[Faction, string, 'auto-pass' | 'stop']> = [],
  options: Omit<DuneOptions, 'factions'> = SEMUTA_ROOM,
): Snap {
  let s = edit(
    afterSetup(THREE, 1, options),
    (st): DuneState => {
      const x: DuneState = {
        ...placeCards(st, where),
        choice: null,
        phaseDone: false,
        stormOrder: [...THREE],
        storm: 0,
        forces: { ...st.forces, [AREA]: { emperor: 5, harkonnen: 4 } },
      };
      const pauses = policies.reduce(
        (p, [seat, kind, policy]) => applyPolicyToPauses(p, seat, kind, policy),
        x.pauses,
      );
      return { ...x, pauses };
    },
    'battle',
  );
  s = act(s, 'emperor', {
    type: 'battle_pick',
    territory: 'the_great_flat',
    opponent: 'harkonnen',
  });
  s = act(s, 'harkonnen', { type: 'plan', plan: plan(FEYD, 4, 'h0', 'h1') });
  s = act(s, 'emperor', { type: 'plan', plan: plan(FENRING, 3, 'e0', 'e1') });
  s = act(s, 'emperor', { type: 'traitor', call: false });
  return act(s, 'harkonnen', { type: 'traitor', call: false });
}

function plan(leader: string, dial: number, weapon: string, defense: string): BattlePlan {
  return { leader, hero: null, dial, weapon, defense };
}
