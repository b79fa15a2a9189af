import { describe, expect, it } from 'vitest';
import { newGame } from '@veil/engine';
import { dune } from '../module.js';
import { enterBidding } from '../rules/bidding.js';
import { enterMovement } from '../rules/movement.js';
import type { DuneAction } from '../state/actions.js';
import type { DuneState, Faction, Viewer } from '../state/types.js';
import { act, afterSetup, edit, hand, withPlayer, type Snap } from '../testing/scenario.js';
import { battleBoundary } from '../testing/semuta-scenario.js';

const SIX: readonly Faction[] = [
  'atreides',
  'bene_gesserit',
  'emperor',
  'fremen',
  'spacing_guild',
  'harkonnen',
];

/** Every seat asked in the open window passes (each is asked in turn). */
function passWindow(s: Snap): Snap {
  let x = s;
  for (
    let w = x.context.pauses.windows.at(-1);
    w?.status === 'open';
    w = x.context.pauses.windows.at(-1)
  )
    x = act(x, dune.deciders(x)[0] as Faction, { type: 'pass', window: w.id });
  return x;
}

/** The first legal battle plan of `seat` that has a weapon (the hidden card the goldens pin). */
function armedPlan(s: Snap, seat: Faction): DuneAction {
  const plan = dune
    .legalActions(s, seat)
    .find((a) => a.type === 'plan' && a.plan.weapon !== null && a.plan.dial === 2);
  if (!plan) throw new Error(`${seat} has no armed plan`);
  return plan;
}

/** Battle in The Great Flat, the Emperor (aggressor) against the Harkonnen; plans are open. */
function battlePlans(): Snap {
  const s = edit(
    afterSetup(SIX, 1),
    (st): DuneState => ({
      ...st,
      choice: null,
      phaseDone: false,
      stormOrder: ['emperor', ...SIX.filter((f) => f !== 'emperor')],
      forces: { ...st.forces, 'the_great_flat:14': { emperor: 5, harkonnen: 4 } },
    }),
    'battle',
  );
  return act(s, 'emperor', {
    type: 'battle_pick',
    territory: 'the_great_flat',
    opponent: 'harkonnen',
  });
}

/** Bidding's first card: the Karama window on the Atreides' look passed by every seat asked. */
function auctionPeek(): Snap {
  const s = edit(
    afterSetup(SIX, 1),
    (st): DuneState => enterBidding({ ...st, choice: null }),
    'bidding',
  );
  return passWindow(s);
}

/**
 * Shipment and Movement begins: the Karama window against the Atreides' wormsign is open, no seat
 * asked has answered yet; the Fremen hold a Karama (their only card).
 */
function wormsignOpen(): Snap {
  return edit(
    afterSetup(SIX, 1),
    (st): DuneState =>
      enterMovement(withPlayer({ ...st, choice: null }, 'fremen', { hand: hand(['karama'], 'k') })),
    'movement',
  );
}

/**
 * The plans revealed, the Harkonnen holding the Emperor's leader as a traitor (their first
 * traitor card replaced: a test premise): the Harkonnen call it, the Emperor does not.
 */
function traitorCalled(revealed: Snap): Snap {
  const leader = revealed.context.battle?.plans?.emperor?.leader;
  if (!leader) throw new Error('no Emperor leader in the plan');
  const traitors = [leader, ...revealed.context.players.harkonnen.traitors.slice(1)];
  const s = edit(revealed, (st) => withPlayer(st, 'harkonnen', { traitors }));
  const called = act(s, 'harkonnen', { type: 'traitor', call: true });
  return act(called, 'emperor', { type: 'traitor', call: false });
}

/**
 * A Semuta room's battle cleanup (testing/semuta-scenario.ts): the Guild holds the Semuta; the
 * Harkonnen, asked first, passed; the Guild commits, and two candidates wait on its selection.
 */
function semutaHolderAsked(): Snap {
  const open = battleBoundary('spacing_guild');
  const w = open.context.pauses.windows.at(-1);
  return act(open, 'harkonnen', { type: 'pass', window: w?.id ?? 0 });
}

function semutaSelection(): Snap {
  const asked = semutaHolderAsked();
  const w = asked.context.pauses.windows.at(-1);
  return act(asked, 'spacing_guild', { type: 'use_semuta', window: w?.id ?? 0, semuta: 'g0' });
}

/**
 * Views and logs of named positions, byte for byte, for the viewers each position tells apart:
 * a change to what a seat sees shows up in review (docs/games/dune.md, "What each seat sees").
 */
describe('Dune golden views', () => {
  const FIRST: readonly Viewer[] = ['atreides', 'bene_gesserit', 'harkonnen', 'spectator'];
  const BATTLE: readonly Viewer[] = ['emperor', 'harkonnen', 'atreides', 'spectator'];
  const plans = battlePlans();
  const WORMSIGN: readonly Viewer[] = ['atreides', 'fremen', 'emperor', 'spectator'];
  const SEMUTA_VIEWERS: readonly Viewer[] = ['spacing_guild', 'harkonnen', 'emperor', 'spectator'];
  const onePlanIn = act(plans, 'emperor', armedPlan(plans, 'emperor'));
  const revealed = act(onePlanIn, 'harkonnen', armedPlan(onePlanIn, 'harkonnen'));
  const named: Record<string, { snapshot: Snap; viewers: readonly Viewer[] }> = {
    // Setup: own traitor offers, the BG's prediction, hands; the spectator sees none of them.
    'setup-open': { snapshot: newGame(dune, { factions: SIX }, 1), viewers: FIRST },
    'first-storm': { snapshot: afterSetup(SIX, 1), viewers: FIRST },
    'first-storm-one-dial-in': {
      snapshot: act(afterSetup(SIX, 1), 'atreides', { type: 'dial', value: 7 }),
      viewers: FIRST,
    },
    // The card up for auction: the Atreides see it, nobody else does.
    'auction-peek': { snapshot: auctionPeek(), viewers: ['atreides', 'emperor', 'spectator'] },
    // One plan committed: its owner sees it, the others only that a plan is in.
    'battle-one-plan-in': { snapshot: onePlanIn, viewers: BATTLE },
    // Both plans in: revealed to all together; the traitor calls are the next hidden choice.
    'battle-plans-revealed': { snapshot: revealed, viewers: BATTLE },
    // A traitor called: the card called is shown to all; the caller's other traitors are not.
    'battle-traitor-called': { snapshot: traitorCalled(revealed), viewers: BATTLE },
    // An open Karama window (against the wormsign): the same for every seat asked, holder or not.
    'karama-wormsign-open': { snapshot: wormsignOpen(), viewers: WORMSIGN },
    // The window passed: the Atreides see the top Spice card, nobody else does.
    'wormsign-seen': { snapshot: passWindow(wormsignOpen()), viewers: WORMSIGN },
    // The Semuta boundary open: the same for the seat asked (no Semuta), the discarder and the
    // spectator; only the holder's legal actions (not asked yet: none) could differ.
    'semuta-boundary-open': { snapshot: battleBoundary('spacing_guild'), viewers: SEMUTA_VIEWERS },
    // The holder asked: its own legal actions add use_semuta; nobody else's view changes.
    'semuta-holder-asked': { snapshot: semutaHolderAsked(), viewers: SEMUTA_VIEWERS },
    // After the commitment: the claimant alone sees the batch's two candidates.
    'semuta-selection': { snapshot: semutaSelection(), viewers: SEMUTA_VIEWERS },
  };
  for (const [name, { snapshot, viewers }] of Object.entries(named)) {
    for (const viewer of viewers) {
      it(`${name} as ${viewer}`, async () => {
        const log = dune.log(snapshot).map((e) => dune.logView(e, viewer));
        await expect(
          JSON.stringify({ view: dune.view(snapshot, viewer), log }, null, 1),
        ).toMatchFileSnapshot(`__golden__/${name}.${viewer}.json`);
      });
    }
  }
});
