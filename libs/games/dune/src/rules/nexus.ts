import { nextPauseId, pushDecision, resolveDecision, topDecision } from '@veil/engine';
import type { DuneState, Faction } from '../state/types.js';
import {
  ALL_AREAS,
  addForces,
  allyOf,
  areasOf,
  forcesIn,
  inStorm,
  strongholdClosedTo,
  territoryOf,
} from './board.js';
import { log } from './common.js';
import { advanceCursor, startCursor } from './cursor.js';

/**
 * Nexus (after a Shai-Hulud, turn 2+): in storm order each seat may leave its alliance, offer an
 * alliance to an unallied seat (who accepts or declines), or do nothing. All of it is public.
 */
export function enterNexus(state: DuneState): DuneState {
  if (!state.nexus) return { ...state, phaseDone: true };
  return startCursor({ ...state, phaseDone: false, nexusActed: [], bribed: [] }, state.stormOrder);
}

export function offerTargets(state: DuneState, seat: Faction): Faction[] {
  if (allyOf(state, seat) !== null || state.nexusActed.includes(seat)) return [];
  return state.stormOrder.filter(
    (f) => f !== seat && allyOf(state, f) === null && !state.nexusActed.includes(f),
  );
}

export function nexusOffer(state: DuneState, seat: Faction, to: Faction): DuneState {
  const [id, pauses] = nextPauseId(state.pauses);
  const decisions = pushDecision(pauses.decisions, {
    id,
    seat: to,
    kind: 'alliance_offer' as const,
    from: seat,
  });
  return log({ ...state, pauses: { ...pauses, decisions } }, 'alliance_offered', {
    from: seat,
    to,
  });
}

export function allianceAnswer(state: DuneState, seat: Faction, accept: boolean): DuneState {
  const top = topDecision(state.pauses.decisions);
  if (!top || top.kind !== 'alliance_offer') throw new Error('no alliance offer');
  let s: DuneState = {
    ...state,
    pauses: { ...state.pauses, decisions: resolveDecision(state.pauses.decisions, top.id) },
  };
  if (accept) {
    s = {
      ...s,
      alliances: [...s.alliances, [top.from, seat] as const],
      nexusActed: [...s.nexusActed, top.from, seat],
    };
  }
  s = log(s, accept ? 'alliance_formed' : 'alliance_declined', { from: top.from, to: seat });
  return offerWormRides(advanceCursor(s));
}

export function nexusLeave(state: DuneState, seat: Faction): DuneState {
  const alliances = state.alliances.filter(([a, b]) => a !== seat && b !== seat);
  const s = log({ ...state, alliances, nexusActed: [...state.nexusActed, seat] }, 'alliance_left', {
    faction: seat,
  });
  return offerWormRides(advanceCursor(s));
}

/**
 * After the alliance talks, the Fremen may ride the worm: one decision per devoured territory
 * where they have forces outside the storm, each a move of one group anywhere.
 */
export function offerWormRides(state: DuneState): DuneState {
  if (!state.phaseDone || !state.options.factions.includes('fremen')) return state;
  let s = state;
  for (const territory of [...new Set(state.wormTerritories)].reverse()) {
    if (!areasOf(territory).some((a) => forcesIn(s, a, 'fremen') > 0 && !inStorm(s, a))) continue;
    const [id, pauses] = nextPauseId(s.pauses);
    const decisions = pushDecision(pauses.decisions, {
      id,
      seat: 'fremen' as Faction,
      kind: 'worm_ride' as const,
      territory,
    });
    s = { ...s, pauses: { ...pauses, decisions } };
  }
  return { ...s, wormTerritories: [] };
}

/** Where a ridden group may go: any area not in storm, no allied forces, not a closed stronghold. */
export function rideTargets(state: DuneState): string[] {
  const ally = allyOf(state, 'fremen');
  return ALL_AREAS.filter((a) => {
    const t = territoryOf(a);
    if (inStorm(state, a) || strongholdClosedTo(state, t, 'fremen')) return false;
    return !ally || !areasOf(t).some((x) => forcesIn(state, x, ally) > 0);
  });
}

export function ride(
  state: DuneState,
  move: { from: string; to: string; count: number } | null,
): DuneState {
  const top = topDecision(state.pauses.decisions);
  if (!top || top.kind !== 'worm_ride') throw new Error('no worm ride');
  let s: DuneState = {
    ...state,
    pauses: { ...state.pauses, decisions: resolveDecision(state.pauses.decisions, top.id) },
  };
  if (move) {
    if (move.count < 1 || move.count > forcesIn(s, move.from, 'fremen'))
      throw new Error('bad ride');
    s = {
      ...s,
      forces: addForces(
        addForces(s.forces, move.from, 'fremen', -move.count),
        move.to,
        'fremen',
        move.count,
      ),
    };
    s = log(s, 'worm_ride', { ...move });
  }
  return s;
}
