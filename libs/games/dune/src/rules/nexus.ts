import { nextPauseId, pushDecision, resolveDecision, topDecision } from '@veil/engine';
import type { DuneState, Faction } from '../state/types.js';
import { allyOf } from './board.js';
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
  return advanceCursor(s);
}

export function nexusLeave(state: DuneState, seat: Faction): DuneState {
  const alliances = state.alliances.filter(([a, b]) => a !== seat && b !== seat);
  const s = log({ ...state, alliances, nexusActed: [...state.nexusActed, seat] }, 'alliance_left', {
    faction: seat,
  });
  return advanceCursor(s);
}
