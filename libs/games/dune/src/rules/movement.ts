import {
  nextPauseId,
  pushDecision,
  resolveDecision,
  topDecision,
  type PublicCause,
} from '@veil/engine';
import { FREMEN_SHIPMENT_TERRITORIES, TERRITORIES } from '../data/map.js';
import type { DuneState, Faction } from '../state/types.js';
import {
  ALL_AREAS,
  addForces,
  allyOf,
  areasOf,
  forcesIn,
  inStorm,
  baseRange,
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
import { askKarama, bar, barred } from './karama-powers.js';
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
  const full = rateOf(area) * count;
  // The Guild ship at half price; so may their ally (an alliance power), and a Karama shipment.
  const guild = seat === 'spacing_guild' && !barred(state, 'half_price');
  const guildAlly = allyOf(state, seat) === 'spacing_guild' && !barred(state, 'ally_half_price');
  const half = guild || guildAlly || karama;
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
  if (karama) {
    if (findCard(state, seat, karama)?.card !== 'karama') throw new Error('no karama');
    const s = land(state, seat, to, count, cost, null, true);
    return discardBatch(s, 'karama', 'movement', [{ faction: seat, handle: karama }], (batch) => ({
      kind: 'karama_shipment',
      batch,
      shipper: seat,
    }));
  }
  // Powers a Karama may stop, asked about as they are used (rules/karama-powers.ts).
  if (seat === 'spacing_guild' && cost < rateOf(to) * count) {
    return askKarama(state, 'half_price', { to, count, cost }, resumeHalfPrice);
  }
  const cause = { shipper: seat, from: null, to, count, cost };
  // The Guild's ally at half price: first that alliance power, then the payment to the Guild.
  const allyHalf = seat !== 'fremen' && allyOf(state, seat) === 'spacing_guild';
  if (allyHalf && cost < rateOf(to) * count)
    return askKarama(state, 'ally_half_price', cause, resumeAllyHalfPrice);
  if (seat !== 'spacing_guild' && cost > 0 && inPlay(state, 'spacing_guild')) {
    return askKarama(state, 'guild_payment', cause, resumeGuildPayment);
  }
  return finishShipment(land(state, seat, to, count, cost, null, false), seat);
}

/**
 * The ally's half price stands (the payment to the Guild is asked about next), or, stopped,
 * the ally ships again at full price.
 */
export function resumeAllyHalfPrice(state: DuneState, c: PublicCause, stopped: boolean): DuneState {
  if (stopped) return bar(state, 'ally_half_price');
  return askKarama(state, 'guild_payment', c, resumeGuildPayment);
}

/** The Guild's half-price shipment lands, or, stopped, the Guild ships again at full price. */
export function resumeHalfPrice(state: DuneState, c: PublicCause, stopped: boolean): DuneState {
  if (stopped) return bar(state, 'half_price');
  const to = String(c.to);
  const s = land(state, 'spacing_guild', to, Number(c.count), Number(c.cost), null, false);
  return finishShipment(s, 'spacing_guild');
}

/** A shipment paid to the Guild — or to the bank when a Karama stopped that — lands. */
export function resumeGuildPayment(state: DuneState, c: PublicCause, stopped: boolean): DuneState {
  const shipper = c.shipper as Faction;
  const payee = stopped ? null : 'spacing_guild';
  const [to, count, cost] = [String(c.to), Number(c.count), Number(c.cost)];
  if (c.from !== null) return crossLand(state, shipper, String(c.from), to, count, cost, payee);
  return finishShipment(land(state, shipper, to, count, cost, payee, false), shipper);
}

/** 1 spice per force into a stronghold, 2 elsewhere. */
function rateOf(area: string): number {
  return TERRITORIES[territoryOf(area)].kind === 'stronghold' ? 1 : 2;
}

/** The shipment is paid (to `payee` or the bank) and lands. */
function land(
  state: DuneState,
  seat: Faction,
  to: string,
  count: number,
  cost: number,
  payee: Faction | null,
  karama: boolean,
): DuneState {
  const paid = payWithSupport(state, seat, cost, payee);
  let s = updatePlayer(paid.state, seat, (x) => ({ ...x, reserves: x.reserves - count }));
  s = { ...s, forces: addForces(s.forces, to, seat, count) };
  return log(s, 'shipment', {
    faction: seat,
    to,
    count,
    cost,
    payee: payee ?? 'bank',
    karama,
    allyPaid: paid.allyPaid,
  });
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
  const s: DuneState = {
    ...state,
    pauses: { ...state.pauses, decisions: resolveDecision(state.pauses.decisions, top.id) },
  };
  if (!send) return s;
  return askKarama(s, 'spiritual_advisor', { shipper: top.shipper }, resumeSpiritualAdvisor);
}

/** The BG's free force goes to the Polar Sink unless a Karama stopped it. */
export function resumeSpiritualAdvisor(
  state: DuneState,
  _cause: PublicCause,
  stopped: boolean,
): DuneState {
  if (stopped) return state;
  let s = updatePlayer(state, 'bene_gesserit', (p) => ({ ...p, reserves: p.reserves - 1 }));
  s = { ...s, forces: addForces(s.forces, 'polar_sink', 'bene_gesserit', 1) };
  return log(s, 'spiritual_advisor', { to: 'polar_sink' });
}

/** The destinations of a group moving out of `from` this turn (`hajr`: in a Hajr move). */
export function moveTargets(state: DuneState, seat: Faction, from: string, hajr = false): string[] {
  return reachableAreas(state, from, seat, movementRange(state, seat, hajr)).filter(
    (a) => !strongholdClosedTo(state, territoryOf(a), seat),
  );
}

/** A Fremen move only their desert range reaches: a use of a power a Karama may stop. */
function usesDesertRange(state: DuneState, seat: Faction, from: string, to: string): boolean {
  return (
    seat === 'fremen' && !reachableAreas(state, from, seat, baseRange(state, seat)).includes(to)
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
  if (usesDesertRange(state, seat, from, to))
    return askKarama(
      state,
      'desert_movement',
      { from, to, count, hajr: false },
      resumeDesertMovement,
    );
  return makeMove(state, seat, from, to, count);
}

/**
 * The Fremen's long move (or long Hajr move) is made, or, stopped, the Fremen make that move
 * again within one territory: nothing moves, and a Hajr stays in hand, shown to all.
 */
export function resumeDesertMovement(
  state: DuneState,
  c: PublicCause,
  stopped: boolean,
): DuneState {
  if (stopped) return bar(state, c.hajr === true ? 'hajr_desert_movement' : 'desert_movement');
  const [from, to, count] = [String(c.from), String(c.to), Number(c.count)];
  if (c.hajr !== true) return makeMove(state, 'fremen', from, to, count);
  // The Hajr played is the one shown to all (any Hajr: two are the same card).
  const hand = state.players.fremen.hand.filter((x) => x.card === 'hajr');
  const shown = hand.find((x) => x.seenBy.length === state.options.factions.length - 1);
  const card = shown ?? hand[0];
  if (!card) throw new Error('no hajr');
  return makeHajrMove(state, 'fremen', from, to, count, card.handle);
}

function makeMove(
  state: DuneState,
  seat: Faction,
  from: string,
  to: string,
  count: number,
): DuneState {
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
  if (seat === 'spacing_guild') return !barred(state, 'cross_ship');
  return allyOf(state, seat) === 'spacing_guild' && !barred(state, 'ally_cross_ship');
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
  if (seat === 'spacing_guild')
    return askKarama(state, 'cross_ship', { from, to, count, cost }, resumeCrossShip);
  // The ally's cross-shipment (its rate included), then the payment to the Guild.
  const cause = { shipper: seat, from, to, count, cost };
  return askKarama(state, 'ally_cross_ship', cause, resumeAllyCrossShip);
}

/**
 * The ally's cross-shipment stands (the payment to the Guild is asked about next), or, stopped,
 * the ally ships again without it.
 */
export function resumeAllyCrossShip(state: DuneState, c: PublicCause, stopped: boolean): DuneState {
  if (stopped) return bar(state, 'ally_cross_ship');
  return askKarama(state, 'guild_payment', c, resumeGuildPayment);
}

/** The Guild's cross-shipment is made, or, stopped, the Guild ships again without it. */
export function resumeCrossShip(state: DuneState, c: PublicCause, stopped: boolean): DuneState {
  if (stopped) return bar(state, 'cross_ship');
  const [from, to, count, cost] = [String(c.from), String(c.to), Number(c.count), Number(c.cost)];
  return crossLand(state, 'spacing_guild', from, to, count, cost, null);
}

function crossLand(
  state: DuneState,
  seat: Faction,
  from: string,
  to: string,
  count: number,
  cost: number,
  payee: Faction | null,
): DuneState {
  let s = pay(state, seat, cost, payee);
  s = { ...s, forces: addForces(addForces(s.forces, from, seat, -count), to, seat, count) };
  s = log(s, 'cross_shipment', { faction: seat, from, to, count, cost, payee: payee ?? 'bank' });
  return { ...s, cursor: s.cursor ? { ...s.cursor, shipped: true } : null };
}

/** The Guild may ship a group back to reserves at 1 spice per 2 forces (to the bank). */
export function shipBack(state: DuneState, seat: Faction, from: string, count: number): DuneState {
  if (!canShipBack(state, seat) || count < 1 || count > forcesIn(state, from, seat))
    throw new Error('bad ship-back');
  return askKarama(state, 'ship_back', { from, count, cost: Math.ceil(count / 2) }, resumeShipBack);
}

export function canShipBack(state: DuneState, seat: Faction): boolean {
  return seat === 'spacing_guild' && !barred(state, 'ship_back');
}

/** The Guild's ship-back is made, or, stopped, the Guild ships again without it. */
export function resumeShipBack(state: DuneState, c: PublicCause, stopped: boolean): DuneState {
  if (stopped) return bar(state, 'ship_back');
  const [from, count, cost] = [String(c.from), Number(c.count), Number(c.cost)];
  let s = pay(state, 'spacing_guild', cost, null);
  s = { ...s, forces: addForces(s.forces, from, 'spacing_guild', -count) };
  s = updatePlayer(s, 'spacing_guild', (p) => ({ ...p, reserves: p.reserves + count }));
  s = log(s, 'ship_back', { faction: 'spacing_guild', from, count, cost });
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
  // A long Fremen Hajr move is asked about before anything moves; the card is shown meanwhile.
  if (usesDesertRange(state, seat, from, to)) {
    const cause = { from, to, count, hajr: true };
    return askKarama(showCard(state, seat, hajr), 'desert_movement', cause, resumeDesertMovement);
  }
  return makeHajrMove(state, seat, from, to, count, hajr);
}

/** A card played face up that may stay in hand (a stopped Hajr move) is known to everyone. */
function showCard(state: DuneState, seat: Faction, handle: string): DuneState {
  const others = state.options.factions.filter((f) => f !== seat);
  return updatePlayer(state, seat, (p) => ({
    ...p,
    hand: p.hand.map((c) => (c.handle === handle ? { ...c, seenBy: others } : c)),
  }));
}

function makeHajrMove(
  state: DuneState,
  seat: Faction,
  from: string,
  to: string,
  count: number,
  hajr: string,
): DuneState {
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
