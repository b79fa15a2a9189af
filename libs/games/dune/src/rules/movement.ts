import { nextPauseId, pushDecision, resolveDecision, topDecision } from '@veil/engine';
import { FREMEN_SHIPMENT_TERRITORIES, TERRITORIES } from '../data/map.js';
import type { DuneState, Faction } from '../state/types.js';
import {
  ALL_AREAS,
  addForces,
  allyOf,
  areasOf,
  forcesIn,
  inStorm,
  movementRange,
  reachableAreas,
  strongholdClosedTo,
  territoryOf,
} from './board.js';
import {
  discardBatch,
  findCard,
  inPlay,
  log,
  pay,
  payWithSupport,
  updatePlayer,
} from './common.js';
import { advanceCursor, startCursor } from './cursor.js';
import { openWormsignWindow } from './wormsign.js';

/**
 * Shipment and Movement: in storm order each seat makes at most one shipment, then at most
 * one move. Shipping costs 1 spice per force into a stronghold, 2 elsewhere (Guild: half, to
 * the bank), paid to the Guild when it is in the game; the Fremen send reserves free near The
 * Great Flat. After another faction's off-planet shipment the BG may send one force to the Polar Sink.
 */
export function enterMovement(state: DuneState): DuneState {
  return openWormsignWindow(
    startCursor({ ...state, phaseDone: false, bribed: [] }, state.stormOrder),
  );
}

export function shipmentCost(
  state: DuneState,
  seat: Faction,
  area: string,
  count: number,
  karama: boolean,
): number {
  const rate = TERRITORIES[territoryOf(area)].kind === 'stronghold' ? 1 : 2;
  const full = rate * count;
  // The Guild ship at half price; so may their ally (an alliance power), and a Karama shipment.
  const half = seat === 'spacing_guild' || allyOf(state, seat) === 'spacing_guild' || karama;
  return half ? Math.ceil(full / 2) : full;
}

/** Areas a seat may ship into (not in storm, not a stronghold two other factions hold). */
export function shipmentAreas(state: DuneState, seat: Faction): string[] {
  const allowed = seat === 'fremen' ? new Set(FREMEN_SHIPMENT_TERRITORIES) : null;
  return ALL_AREAS.filter(
    (a) =>
      !inStorm(state, a) &&
      !strongholdClosedTo(state, territoryOf(a), seat) &&
      (!allowed || allowed.has(territoryOf(a))),
  );
}

export function ship(
  state: DuneState,
  seat: Faction,
  to: string,
  count: number,
  karama: string | null,
): DuneState {
  const p = state.players[seat];
  if (count < 1 || count > p.reserves) throw new Error('bad shipment');
  const cost = seat === 'fremen' ? 0 : shipmentCost(state, seat, to, count, karama !== null);
  const payee =
    karama || seat === 'spacing_guild' || !inPlay(state, 'spacing_guild') ? null : 'spacing_guild';
  const paid = payWithSupport(state, seat, cost, payee);
  let s = updatePlayer(paid.state, seat, (x) => ({ ...x, reserves: x.reserves - count }));
  s = { ...s, forces: addForces(s.forces, to, seat, count) };
  s = log(s, 'shipment', {
    faction: seat,
    to,
    count,
    cost,
    payee: payee ?? 'bank',
    karama: karama !== null,
    allyPaid: paid.allyPaid,
  });
  if (karama) {
    if (findCard(s, seat, karama)?.card !== 'karama') throw new Error('no karama');
    return discardBatch(s, 'karama', 'movement', [{ faction: seat, handle: karama }], (batch) => ({
      kind: 'karama_shipment',
      batch,
      shipper: seat,
    }));
  }
  return finishShipment(s, seat);
}

/** The end of a shipment: the seat has shipped; the BG may send a force after an off-planet one. */
export function finishShipment(state: DuneState, seat: Faction): DuneState {
  let s = { ...state, cursor: state.cursor ? { ...state.cursor, shipped: true } : null };
  const offPlanet = seat !== 'fremen' && seat !== 'bene_gesserit';
  if (offPlanet && inPlay(s, 'bene_gesserit') && s.players.bene_gesserit.reserves > 0) {
    const [id, pauses] = nextPauseId(s.pauses);
    const decisions = pushDecision(pauses.decisions, {
      id,
      seat: 'bene_gesserit' as Faction,
      kind: 'spiritual_advisor' as const,
      shipper: seat,
    });
    s = { ...s, pauses: { ...pauses, decisions } };
  }
  return s;
}

export function passShipment(state: DuneState): DuneState {
  return { ...state, cursor: state.cursor ? { ...state.cursor, shipped: true } : null };
}

export function spiritualAdvisor(state: DuneState, send: boolean): DuneState {
  const top = topDecision(state.pauses.decisions);
  if (!top || top.kind !== 'spiritual_advisor') throw new Error('no advisor decision');
  let s: DuneState = {
    ...state,
    pauses: { ...state.pauses, decisions: resolveDecision(state.pauses.decisions, top.id) },
  };
  if (send) {
    s = updatePlayer(s, 'bene_gesserit', (p) => ({ ...p, reserves: p.reserves - 1 }));
    s = { ...s, forces: addForces(s.forces, 'polar_sink', 'bene_gesserit', 1) };
    s = log(s, 'spiritual_advisor', { to: 'polar_sink' });
  }
  return s;
}

/** The destinations of a group moving out of `from` this turn. */
export function moveTargets(state: DuneState, seat: Faction, from: string): string[] {
  return reachableAreas(state, from, seat, movementRange(state, seat)).filter(
    (a) => !strongholdClosedTo(state, territoryOf(a), seat),
  );
}

export function move(
  state: DuneState,
  seat: Faction,
  from: string,
  to: string,
  count: number,
): DuneState {
  if (count < 1 || count > forcesIn(state, from, seat)) throw new Error('bad move');
  let s = {
    ...state,
    forces: addForces(addForces(state.forces, from, seat, -count), to, seat, count),
  };
  s = log(s, 'move', { faction: seat, from, to, count });
  return endMovementTurn(s, seat);
}

/**
 * End of a seat's Shipment and Movement turn: its forces sharing a territory with its ally's
 * (the Polar Sink excepted) go to the Tanks.
 */
export function endMovementTurn(state: DuneState, seat: Faction): DuneState {
  let s = state;
  const ally = allyOf(s, seat);
  if (ally) {
    for (const t of Object.keys(TERRITORIES) as Array<keyof typeof TERRITORIES>) {
      if (t === 'polar_sink') continue;
      const areas = areasOf(t);
      if (!areas.some((a) => forcesIn(s, a, ally) > 0)) continue;
      for (const a of areas) {
        const n = forcesIn(s, a, seat);
        if (n === 0) continue;
        s = { ...s, forces: addForces(s.forces, a, seat, -n) };
        s = updatePlayer(s, seat, (p) => ({ ...p, tanks: p.tanks + n }));
        s = log(s, 'ally_overlap', { faction: seat, area: a, count: n });
      }
    }
  }
  return advanceCursor(s);
}

/** The Guild (and their ally, an alliance power) may ship from one territory to another instead. */
export function canCrossShip(state: DuneState, seat: Faction): boolean {
  return seat === 'spacing_guild' || allyOf(state, seat) === 'spacing_guild';
}

export function crossShip(
  state: DuneState,
  seat: Faction,
  from: string,
  to: string,
  count: number,
): DuneState {
  if (count < 1 || count > forcesIn(state, from, seat) || !canCrossShip(state, seat))
    throw new Error('bad cross-shipment');
  const cost = shipmentCost(state, seat, to, count, false);
  let s = pay(state, seat, cost, seat === 'spacing_guild' ? null : 'spacing_guild');
  s = { ...s, forces: addForces(addForces(s.forces, from, seat, -count), to, seat, count) };
  s = log(s, 'cross_shipment', { faction: seat, from, to, count, cost });
  return { ...s, cursor: s.cursor ? { ...s.cursor, shipped: true } : null };
}

/** The Guild may ship a group back to reserves at 1 spice per 2 forces (to the bank). */
export function shipBack(state: DuneState, seat: Faction, from: string, count: number): DuneState {
  if (seat !== 'spacing_guild' || count < 1 || count > forcesIn(state, from, seat))
    throw new Error('bad ship-back');
  const cost = Math.ceil(count / 2);
  let s = pay(state, seat, cost, null);
  s = { ...s, forces: addForces(s.forces, from, seat, -count) };
  s = updatePlayer(s, seat, (p) => ({ ...p, reserves: p.reserves + count }));
  s = log(s, 'ship_back', { faction: seat, from, count, cost });
  return { ...s, cursor: s.cursor ? { ...s.cursor, shipped: true } : null };
}

/** Hajr: an extra move this turn; the card is discarded and the seat still has its normal move. */
export function hajrMove(
  state: DuneState,
  seat: Faction,
  from: string,
  to: string,
  count: number,
  hajr: string,
): DuneState {
  if (findCard(state, seat, hajr)?.card !== 'hajr') throw new Error('no hajr');
  if (count < 1 || count > forcesIn(state, from, seat)) throw new Error('bad move');
  let s = {
    ...state,
    forces: addForces(addForces(state.forces, from, seat, -count), to, seat, count),
  };
  s = log(s, 'move', { faction: seat, from, to, count, hajr: true });
  return discardBatch(s, 'card_used', 'movement', [{ faction: seat, handle: hajr }], (batch) => ({
    kind: 'card_used',
    batch,
    resume: 'none',
  }));
}
