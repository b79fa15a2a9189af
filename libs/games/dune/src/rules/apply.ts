import { commitWindow, openWindowOf, passWindow } from '@veil/engine';
import type { DuneAction } from '../state/actions.js';
import type { DuneState, Faction } from '../state/types.js';
import { currentBidder, karamaTake, passBid, placeBid, resumeKaramaPurchase } from './bidding.js';
import {
  answerPrescience,
  closeKaramaWindow,
  karamaCancel,
  commitPlan,
  commitTraitorCall,
  pickBattle,
  resumeBattleDiscard,
  usePrescience,
  useVoice,
  winnerDiscards,
} from './battle.js';
import { log, updatePlayer } from './common.js';
import {
  crossShip,
  endMovementTurn,
  finishShipment,
  hajrMove,
  move,
  passShipment,
  ship,
  shipBack,
  spiritualAdvisor,
} from './movement.js';
import { answerAllyProtection } from './blow.js';
import { allianceAnswer, nexusLeave, nexusOffer, offerWormRides, ride } from './nexus.js';
import { allyOf } from './board.js';
import { ANY_TIME, playAnyTimeCard } from './any-time.js';
import { closeAnyTime } from './any-time-resume.js';
import type { Phase } from './phase.js';
import { karamaAgainstPower } from './karama-powers.js';
import { resumePower } from './karama-resume.js';
import { closeWormsignWindow, preventWormsign } from './wormsign.js';
import { answerAllyFreeRevival, emperorRevive, revive } from './revival.js';
import { commitSetup, fremenSplit, harkonnenMulligan } from './setup-choices.js';
import { closeStormWindow, commitDial, detonateAtomics, playWeatherControl } from './storm.js';
import { advanceCursor } from './cursor.js';
import {
  commitSemuta,
  openSemutaBoundary,
  passSemuta,
  SEMUTA,
  selectSemuta,
  semutaApplies,
  semutaWaiting,
  type SemutaStep,
} from './semuta.js';
import type { TerritoryId } from '../data/map.js';

/**
 * Applies one legal action (the engine checked it against the legal list) and then resumes any
 * discard boundary the action's producer paused on. No other module changes the state.
 */
export function applyDuneAction(
  state: DuneState,
  phase: Phase,
  seat: Faction,
  action: DuneAction,
): DuneState {
  return settleDiscards(applyOne(state, phase, seat, action));
}

/**
 * The most boundaries one action may settle in a chain. A resume goes on with its producer and
 * the next discard waits for a seat's decision, so a real chain is one or two long; reaching
 * this bound means a continuation that discards again on its own without end — a broken rules
 * invariant, never a player's error.
 */
export const MAX_DISCARD_CHAIN = 10;

/**
 * A producer that discarded stopped on its typed continuation. In a room with Semuta Drug the
 * batch first opens its neutral boundary (rules/semuta.ts) and the continuation waits for it to
 * close; otherwise — or once it closes — the continuation resumes now, exactly once. `resume`
 * is the one-step resume, replaceable only so a test can build a chain longer than the bound.
 */
export function settleDiscards(
  state: DuneState,
  resume: (state: DuneState) => DuneState = resumeDiscard,
): DuneState {
  let s = state;
  for (let resumed = 0; s.pendingDiscard; resumed++) {
    if (resumed === MAX_DISCARD_CHAIN)
      throw new Error(
        `invariant: a discard boundary (${s.pendingDiscard.kind}) is still pending after ` +
          `${MAX_DISCARD_CHAIN} resumes in a row — a continuation keeps discarding`,
      );
    if (semutaWaiting(s)) return s;
    if (semutaApplies(s)) {
      const step = openSemutaBoundary(s);
      if (step.waiting) return step.state;
      s = step.state;
    }
    s = resume(s);
  }
  return s;
}

/** A Semuta boundary step: still waiting, or over — then its producer resumes, once. */
function afterSemuta(step: SemutaStep): DuneState {
  return step.waiting ? step.state : resumeDiscard(step.state);
}

/** Resumes the pending discard boundary's continuation, once. */
export function resumeDiscard(s: DuneState): DuneState {
  const k = s.pendingDiscard;
  if (!k) return s;
  const resumed: DuneState = { ...s, pendingDiscard: null };
  switch (k.kind) {
    case 'card_used':
      return k.resume === 'any_time' ? closeAnyTime(resumed) : resumed;
    case 'karama_purchase':
      return resumeKaramaPurchase(resumed, k.buyer);
    case 'karama_shipment':
      return finishShipment(resumed, k.shipper);
    case 'storm_card':
      return closeStormWindow(resumed);
    case 'karama_cancel':
      return closeKaramaWindow(resumed);
    case 'karama_prevent':
      return closeWormsignWindow(resumed);
    case 'karama_power':
      return resumePower(resumed, true);
    default:
      return resumeBattleDiscard(s, k);
  }
}

function applyOne(state: DuneState, phase: Phase, seat: Faction, action: DuneAction): DuneState {
  switch (action.type) {
    case 'setup':
      return commitSetup(state, seat, { traitor: action.traitor, prediction: action.prediction });
    case 'mulligan':
      return harkonnenMulligan(state, action.redraw);
    case 'fremen_split':
      return fremenSplit(state, action.tabr, action.south, action.west);
    case 'dial':
      return commitDial(state, seat, action.value);
    case 'pass': {
      const w = openWindowOf(state.pauses.windows);
      if (!w) throw new Error('no window');
      if (w.kind === SEMUTA) return afterSemuta(passSemuta(state, seat));
      const passed = passWindow(w, seat);
      const s = {
        ...state,
        pauses: {
          ...state.pauses,
          windows: state.pauses.windows.map((x) => (x.id === w.id ? passed : x)),
        },
      };
      if (passed.status === 'open') return s;
      if (w.kind === ANY_TIME) return closeAnyTime(s);
      if (w.kind === 'karama_power') return resumePower(s, false);
      if (w.kind === 'karama_wormsign') return closeWormsignWindow(s);
      return w.kind === 'karama_battle' ? closeKaramaWindow(s) : closeStormWindow(s);
    }
    case 'weather_control':
      return playWeatherControl(state, seat, action.move);
    case 'use_semuta':
      return afterSemuta(commitSemuta(state, seat, action.semuta));
    case 'semuta_select':
      return resumeDiscard(selectSemuta(state, action.pick));
    case 'karama_cancel': {
      const w = openWindowOf(state.pauses.windows);
      if (!w) throw new Error('no window');
      const committed = commitWindow(w, seat);
      const s: DuneState = {
        ...state,
        pauses: {
          ...state.pauses,
          windows: state.pauses.windows.map((x) => (x.id === w.id ? committed : x)),
        },
      };
      if (w.kind === 'karama_power') return karamaAgainstPower(s, seat, action.karama, phase);
      return w.kind === 'karama_wormsign'
        ? preventWormsign(s, seat, action.karama)
        : karamaCancel(s, seat, action.karama);
    }
    case 'family_atomics': {
      const w = openWindowOf(state.pauses.windows);
      const card = state.players[seat].hand.find((c) => c.card === 'family_atomics');
      if (!w || !card) throw new Error('no family atomics');
      const committed = commitWindow(w, seat);
      const s: DuneState = {
        ...state,
        pauses: {
          ...state.pauses,
          windows: state.pauses.windows.map((x) => (x.id === w.id ? committed : x)),
        },
      };
      return closeStormWindow(detonateAtomics(s, seat, card.handle));
    }
    case 'nexus_offer':
      return nexusOffer(state, seat, action.to);
    case 'nexus_leave':
      return nexusLeave(state, seat);
    case 'nexus_done':
      return offerWormRides(advanceCursor(state));
    case 'ride':
      return ride(state, { from: action.from, to: action.to, count: action.count });
    case 'ride_pass':
      return ride(state, null);
    case 'gift': {
      // The Emperor's alliance power: spice straight behind the ally's shield.
      const ally = allyOf(state, seat);
      if (seat !== 'emperor' || !ally) throw new Error('no ally to give to');
      let s = updatePlayer(state, seat, (p) => ({ ...p, spice: p.spice - action.amount }));
      s = updatePlayer(s, ally, (p) => ({ ...p, spice: p.spice + action.amount }));
      return log({ ...s, bribed: [...s.bribed, seat] }, 'emperor_gift', {
        to: ally,
        amount: action.amount,
      });
    }
    case 'support': {
      // Spice set out for the ally's cards and shipments (public, like a bribe).
      if (!allyOf(state, seat)) throw new Error('no ally to support');
      let s = updatePlayer(state, seat, (p) => {
        if (action.amount < 1 || action.amount > p.spice) throw new Error('bad support');
        return { ...p, spice: p.spice - action.amount, support: p.support + action.amount };
      });
      s = log({ ...s, bribed: [...s.bribed, seat] }, 'ally_support', {
        faction: seat,
        to: allyOf(s, seat),
        amount: action.amount,
      });
      return s;
    }
    case 'alliance_answer':
      return allianceAnswer(state, seat, action.accept);
    case 'bid':
      return placeBid(state, seat, action.amount);
    case 'bid_pass':
      if (currentBidder(state) !== seat) throw new Error('not your bid');
      return passBid(state, seat);
    case 'karama_take':
      return karamaTake(state, seat, action.karama);
    case 'revive':
      return revive(state, seat, action.forces, action.leader);
    case 'ship':
      return ship(state, seat, action.to, action.count, action.karama);
    case 'cross_ship':
      return crossShip(state, seat, action.from, action.to, action.count);
    case 'ship_back':
      return shipBack(state, seat, action.from, action.count);
    case 'hajr_move':
      return hajrMove(state, seat, action.from, action.to, action.count, action.hajr);
    case 'emperor_revive':
      return emperorRevive(state, action.count);
    case 'protect_ally':
      return answerAllyProtection(state, action.protect);
    case 'raise_ally_revival':
      return answerAllyFreeRevival(state, action.raise);
    case 'truthtrance':
    case 'ghola':
      return playAnyTimeCard(state, phase, seat, action);
    case 'ship_pass':
      return passShipment(state);
    case 'advisor':
      return spiritualAdvisor(state, action.send);
    case 'move':
      return move(state, seat, action.from, action.to, action.count);
    case 'move_pass':
      return endMovementTurn(state, seat);
    case 'battle_pick':
      return pickBattle(state, seat, action.territory as TerritoryId, action.opponent);
    case 'voice':
      return useVoice(state, action.kind, action.play);
    case 'prescience':
      return usePrescience(state, action.element);
    case 'plan':
      return state.battle?.stage === 'answer'
        ? answerPrescience(state, seat, action.plan)
        : commitPlan(state, seat, action.plan);
    case 'traitor':
      return commitTraitorCall(state, seat, action.call);
    case 'keep':
      return winnerDiscards(state, seat, action.discard);
    case 'bribe': {
      let s = updatePlayer(state, seat, (p) => ({ ...p, spice: p.spice - action.amount }));
      s = updatePlayer(s, action.to, (p) => ({ ...p, bribes: p.bribes + action.amount }));
      return log({ ...s, bribed: [...s.bribed, seat] }, 'bribe', {
        from: seat,
        to: action.to,
        amount: action.amount,
      });
    }
  }
}
