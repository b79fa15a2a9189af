import { FACTIONS } from '../data/factions.js';
import type { DuneState, Faction } from '../state/types.js';
import {
  nextPauseId,
  pushDecision,
  resolveDecision,
  topDecision,
  type PublicCause,
} from '@veil/engine';
import { allyOf } from './board.js';
import { discardBatch, findCard, log, updatePlayer } from './common.js';
import { advanceCursor, startCursor } from './cursor.js';
import { askKarama, bar, barred } from './karama-powers.js';

/**
 * Revival: in storm order each seat revives up to 3 forces from the Tanks (its free number
 * first, 2 spice each beyond) and may revive one leader (cost = strength) once all its leaders
 * have died at least once. Revivals are public.
 */
export const MAX_FORCE_REVIVAL = 3;
export const PAID_REVIVAL_COST = 2;

export function enterRevival(state: DuneState): DuneState {
  return startCursor({ ...state, phaseDone: false, bribed: [] }, state.stormOrder);
}

/**
 * The free revival number; the Fremen may raise their ally's to 3 (an alliance power: the ally
 * counts on it until the Fremen declined or a Karama stopped it this Revival turn).
 */
export function freeRevival(state: DuneState, faction: Faction): number {
  const raised = allyOf(state, faction) === 'fremen' && !barred(state, 'ally_free_revival');
  return raised ? 3 : FACTIONS[faction].freeRevival;
}

export function forceRevivalCost(state: DuneState, faction: Faction, forces: number): number {
  return Math.max(0, forces - freeRevival(state, faction)) * PAID_REVIVAL_COST;
}

/** How many times each of the seat's leaders has died. */
export function leaderDeaths(state: DuneState, seat: Faction): Record<string, number> {
  const deaths: Record<string, number> = {};
  for (const l of FACTIONS[seat].leaders) deaths[l.id] = 0;
  for (const id of state.players[seat].leadersDied) deaths[id] = (deaths[id] ?? 0) + 1;
  return deaths;
}

/**
 * Leaders this seat may revive now, by the cycle rule: none until every leader has died once;
 * a leader that dies again goes face down and waits until every other leader has died as
 * often (a leader in the Tanks is revivable when no leader of the faction has died fewer times).
 */
export function revivableLeaders(state: DuneState, seat: Faction): string[] {
  const p = state.players[seat];
  const deaths = leaderDeaths(state, seat);
  const fewest = Math.min(...Object.values(deaths));
  return FACTIONS[seat].leaders
    .map((l) => l.id)
    .filter((id) => p.leaders[id] === 'tanks' && deaths[id] === fewest);
}

export function leaderStrength(leaderId: string): number {
  for (const f of Object.values(FACTIONS)) {
    const l = f.leaders.find((x) => x.id === leaderId);
    if (l) return l.strength;
  }
  throw new Error(`unknown leader ${leaderId}`);
}

export function revive(
  state: DuneState,
  seat: Faction,
  forces: number,
  leader: string | null,
): DuneState {
  const cost = forceRevivalCost(state, seat, forces) + (leader ? leaderStrength(leader) : 0);
  // Fewer paid forces thanks to the Fremen: their alliance power, which they choose to use.
  const own = Math.max(0, forces - FACTIONS[seat].freeRevival) * PAID_REVIVAL_COST;
  if (forceRevivalCost(state, seat, forces) < own) {
    const [id, pauses] = nextPauseId(state.pauses);
    const decisions = pushDecision(pauses.decisions, {
      id,
      seat: 'fremen' as Faction,
      kind: 'ally_free_revival' as const,
      ally: seat,
      forces,
      leader,
      cost,
    });
    return { ...state, pauses: { ...pauses, decisions } };
  }
  return reviveFor(state, seat, forces, leader, cost);
}

/**
 * The Fremen's answer to the ally's revival: raised, the use is asked about in `karama_power`;
 * declined, the ally revives again at its own free number (as when a Karama stops it).
 */
export function answerAllyFreeRevival(state: DuneState, raise: boolean): DuneState {
  const top = topDecision(state.pauses.decisions);
  if (!top || top.kind !== 'ally_free_revival') throw new Error('no ally revival asked');
  let s: DuneState = {
    ...state,
    pauses: { ...state.pauses, decisions: resolveDecision(state.pauses.decisions, top.id) },
  };
  s = log(s, 'ally_free_revival', { ally: top.ally, raise });
  if (!raise) return bar(s, 'ally_free_revival');
  const cause = { faction: top.ally, forces: top.forces, leader: top.leader, cost: top.cost };
  return askKarama(s, 'ally_free_revival', cause, resumeAllyFreeRevival);
}

/** The ally's revival at the Fremen's free number, or, stopped, the ally revives again without it. */
export function resumeAllyFreeRevival(
  state: DuneState,
  c: PublicCause,
  stopped: boolean,
): DuneState {
  if (stopped) return bar(state, 'ally_free_revival');
  const leader = c.leader === null ? null : String(c.leader);
  return reviveFor(state, c.faction as Faction, Number(c.forces), leader, Number(c.cost));
}

function reviveFor(
  state: DuneState,
  seat: Faction,
  forces: number,
  leader: string | null,
  cost: number,
): DuneState {
  let s = updatePlayer(state, seat, (p) => {
    if (forces > p.tanks || forces > MAX_FORCE_REVIVAL || cost > p.spice)
      throw new Error('bad revival');
    return {
      ...p,
      tanks: p.tanks - forces,
      reserves: p.reserves + forces,
      spice: p.spice - cost,
      leaders: leader ? { ...p.leaders, [leader]: 'available' } : p.leaders,
    };
  });
  if (forces > 0 || leader) s = log(s, 'revival', { faction: seat, forces, leader, cost });
  // The Emperor's alliance power: pay for up to 3 more of the ally's forces (the Emperor decides).
  if (
    allyOf(s, seat) === 'emperor' &&
    s.players[seat].tanks > 0 &&
    s.players.emperor.spice >= PAID_REVIVAL_COST
  ) {
    const [id, pauses] = nextPauseId(s.pauses);
    const decisions = pushDecision(pauses.decisions, {
      id,
      seat: 'emperor' as Faction,
      kind: 'emperor_revival' as const,
      ally: seat,
    });
    return { ...s, pauses: { ...pauses, decisions } };
  }
  return advanceCursor(s);
}

/**
 * Tleilaxu Ghola (in the any-time window, or when the game waits on its holder): one leader from the Tanks regardless of
 * the cycle rule, or up to 5 forces, free. The normal revival still follows.
 */
export function gholaOptions(
  state: DuneState,
  seat: Faction,
): Array<{ leader: string | null; forces: number }> {
  const p = state.players[seat];
  const leaders = Object.keys(p.leaders).filter((id) => p.leaders[id] !== 'available');
  const forces = Array.from({ length: Math.min(5, p.tanks) }, (_, i) => i + 1);
  return [
    ...leaders.map((leader) => ({ leader, forces: 0 })),
    ...forces.map((n) => ({ leader: null, forces: n })),
  ];
}

export function playGhola(
  state: DuneState,
  seat: Faction,
  ghola: string,
  leader: string | null,
  forces: number,
  phase: string,
  resume: 'none' | 'any_time' = 'none',
): DuneState {
  const card = findCard(state, seat, ghola);
  if (card?.card !== 'tleilaxu_ghola') throw new Error('no ghola');
  let s = updatePlayer(state, seat, (p) => ({
    ...p,
    tanks: p.tanks - forces,
    reserves: p.reserves + forces,
    leaders: leader ? { ...p.leaders, [leader]: 'available' } : p.leaders,
  }));
  s = log(s, 'ghola', { faction: seat, leader, forces });
  return discardBatch(s, 'card_used', phase, [{ faction: seat, handle: ghola }], (batch) => ({
    kind: 'card_used',
    batch,
    resume,
  }));
}

export function emperorRevivalOptions(state: DuneState, ally: Faction): number[] {
  const most = Math.min(
    3,
    state.players[ally].tanks,
    Math.floor(state.players.emperor.spice / PAID_REVIVAL_COST),
  );
  return Array.from({ length: most + 1 }, (_, i) => i);
}

export function emperorRevive(state: DuneState, count: number): DuneState {
  const top = topDecision(state.pauses.decisions);
  if (
    !top ||
    top.kind !== 'emperor_revival' ||
    !emperorRevivalOptions(state, top.ally).includes(count)
  ) {
    throw new Error('bad emperor revival');
  }
  const s: DuneState = {
    ...state,
    pauses: { ...state.pauses, decisions: resolveDecision(state.pauses.decisions, top.id) },
  };
  if (count === 0) return advanceCursor(s);
  const cause = { ally: top.ally, forces: count, cost: count * PAID_REVIVAL_COST };
  return askKarama(s, 'ally_revival', cause, resumeAllyRevival);
}

/** The Emperor pays and the ally's forces come back, unless a Karama stopped it (then neither). */
export function resumeAllyRevival(state: DuneState, c: PublicCause, stopped: boolean): DuneState {
  if (stopped) return advanceCursor(state);
  const [ally, count, cost] = [c.ally as Faction, Number(c.forces), Number(c.cost)];
  let s = updatePlayer(state, 'emperor', (p) => ({ ...p, spice: p.spice - cost }));
  s = updatePlayer(s, ally, (p) => ({
    ...p,
    tanks: p.tanks - count,
    reserves: p.reserves + count,
  }));
  s = log(s, 'emperor_revival', { ally, forces: count, cost });
  return advanceCursor(s);
}
