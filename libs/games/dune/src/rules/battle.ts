import {
  commitChoice,
  nextPauseId,
  openChoice,
  openWindow,
  pushDecision,
  resolveDecision,
  revealedChoices,
  topDecision,
} from '@veil/engine';
import { FACTIONS } from '../data/factions.js';
import { TREACHERY, type TreacheryCardId } from '../data/treachery.js';
import type { TerritoryId } from '../data/map.js';
import type { DiscardContinuation } from '../state/discards.js';
import type {
  Battle,
  BattlePlan,
  DuneState,
  Faction,
  RevealedPlan,
  VoiceKind,
} from '../state/types.js';
import {
  addForces,
  allyOf,
  areasOf,
  battleFronts,
  forcesIn,
  occupants,
  territoryOf,
} from './board.js';
import { addSpice, discardBatch, findCard, inPlay, log, updatePlayer } from './common.js';
import { leaderStrength } from './revival.js';
import { openAnyTimeWindow } from './any-time.js';

import { forgetTraitorAnswers } from './truth-answers.js';
/**
 * Battle: the first seat in storm order with a battle picks one (territory and opponent); BG
 * Voice and Atreides Prescience come first; then both combatants commit battle plans as one
 * simultaneous hidden choice, revealed together; then both decide at once whether to call a
 * traitor; then the battle resolves and its cards go through the discard boundary.
 */

/** Pairs of non-allied factions that meet on one front of a territory, with that front. */
export function contested(
  state: DuneState,
  territory: TerritoryId,
): Array<{ pair: [Faction, Faction]; areas: string[] }> {
  const out: Array<{ pair: [Faction, Faction]; areas: string[] }> = [];
  const found = new Set<string>();
  for (const areas of battleFronts(state, territory)) {
    const here = state.options.factions.filter((f) => areas.some((a) => forcesIn(state, a, f) > 0));
    for (const a of here) {
      for (const b of here) {
        if (a >= b || allyOf(state, a) === b || found.has(`${a}|${b}`)) continue;
        found.add(`${a}|${b}`);
        out.push({ pair: [a, b], areas });
      }
    }
  }
  return out;
}

/** Territories with a battle left, and the seat that is aggressor for them (first in storm order). */
export function pendingBattles(
  state: DuneState,
): Array<{ territory: TerritoryId; opponent: Faction }> {
  const aggressor = nextAggressor(state);
  if (!aggressor) return [];
  const out: Array<{ territory: TerritoryId; opponent: Faction }> = [];
  for (const t of battleTerritories(state)) {
    for (const {
      pair: [a, b],
    } of contested(state, t)) {
      if (a === aggressor) out.push({ territory: t, opponent: b as Faction });
      else if (b === aggressor) out.push({ territory: t, opponent: a as Faction });
    }
  }
  return out;
}

function battleTerritories(state: DuneState): TerritoryId[] {
  const ts = new Set<TerritoryId>();
  for (const area of Object.keys(state.forces))
    if (area !== 'polar_sink') ts.add(territoryOf(area));
  return [...ts].sort().filter((t) => contested(state, t).length > 0);
}

export function nextAggressor(state: DuneState): Faction | null {
  const ts = battleTerritories(state);
  return (
    state.stormOrder.find((f) =>
      ts.some((t) => contested(state, t).some((c) => c.pair.includes(f))),
    ) ?? null
  );
}

export function enterBattle(state: DuneState): DuneState {
  let s: DuneState = { ...state, phaseDone: false, bribed: [], battle: null };
  for (const f of s.options.factions) s = updatePlayer(s, f, (p) => ({ ...p, leadersUsed: {} }));
  return nextAggressor(s) ? s : { ...s, phaseDone: true };
}

export function pickBattle(
  state: DuneState,
  aggressor: Faction,
  territory: TerritoryId,
  defender: Faction,
): DuneState {
  const front = contested(state, territory).find(
    (c) => c.pair.includes(aggressor) && c.pair.includes(defender),
  );
  if (!front) throw new Error('no such battle');
  const battle: Battle = {
    territory,
    areas: front.areas,
    aggressor,
    defender,
    voice: null,
    prescience: null,
    plans: null,
    played: null,
    stage: 'voice',
    winner: null,
  };
  const s = log({ ...state, battle }, 'battle', { territory, aggressor, defender });
  return advanceStage(s);
}

function combatants(b: Battle): [Faction, Faction] {
  return [b.aggressor, b.defender];
}

function opponentIn(b: Battle, seat: Faction): Faction {
  return seat === b.aggressor ? b.defender : b.aggressor;
}

/**
 * The combatant `faction` acts against with a battle power: its own opponent, or — an alliance
 * power — its ally's opponent when the ally fights. `null` when neither fights here.
 */
export function sideOpponent(state: DuneState, b: Battle, faction: Faction): Faction | null {
  if (!inPlay(state, faction)) return null;
  if (combatants(b).includes(faction)) return opponentIn(b, faction);
  const ally = allyOf(state, faction);
  return ally && combatants(b).includes(ally) ? opponentIn(b, ally) : null;
}

/** Who is asked about traitors: both combatants, and the Harkonnen in their ally's battle. */
function traitorCallers(state: DuneState, b: Battle): Faction[] {
  const seats = combatants(b);
  const h: Faction = 'harkonnen';
  return !seats.includes(h) && sideOpponent(state, b, h) !== null ? [...seats, h] : seats;
}

/** Moves past the stages nobody can use (no BG for Voice, no Atreides for Prescience). */
function advanceStage(state: DuneState): DuneState {
  const b = state.battle;
  if (!b) return state;
  if (b.stage === 'voice' && sideOpponent(state, b, 'bene_gesserit') === null) {
    return advanceStage({ ...state, battle: { ...b, stage: 'prescience' } });
  }
  if (b.stage === 'prescience' && sideOpponent(state, b, 'atreides') === null) {
    return advanceStage({ ...state, battle: { ...b, stage: 'plans' } });
  }
  if (b.stage === 'plans' && state.choice === null) {
    const [id, pauses] = nextPauseId(state.pauses);
    const choice = openChoice<Faction, BattlePlan>({
      id,
      kind: 'battle_plan',
      cause: { territory: b.territory, aggressor: b.aggressor, defender: b.defender },
      participants: combatants(b),
    });
    return { ...state, pauses, choice: { kind: 'battle_plan', choice } };
  }
  return state;
}

export function useVoice(state: DuneState, kind: VoiceKind, play: boolean): DuneState {
  const b = state.battle as Battle;
  const target = sideOpponent(state, b, 'bene_gesserit') as Faction;
  const s = log(
    { ...state, battle: { ...b, voice: { target, kind, play }, stage: 'prescience' } },
    'voice',
    { target, kind, play },
  );
  return openKaramaWindow(s, 'voice');
}

export function usePrescience(
  state: DuneState,
  element: 'leader' | 'weapon' | 'defense' | 'dial',
): DuneState {
  const b = state.battle as Battle;
  const target = sideOpponent(state, b, 'atreides') as Faction;
  const s = log(
    {
      ...state,
      battle: { ...b, prescience: { target, element, answer: undefined }, stage: 'answer' },
    },
    'prescience',
    { target, element },
  );
  return openKaramaWindow(s, 'prescience');
}

/**
 * After Voice or Prescience, any seat may answer with a Karama before the plans (the card stops
 * one use of a faction power, whoever plays it): a neutral window asks every seat but the
 * power's owner, in storm order, whether or not anyone holds a Karama; a holder may cancel it.
 */
function openKaramaWindow(state: DuneState, power: 'voice' | 'prescience'): DuneState {
  const b = state.battle as Battle;
  const owner: Faction = power === 'voice' ? 'bene_gesserit' : 'atreides';
  const participants = state.stormOrder.filter((f) => f !== owner);
  const [id, pauses] = nextPauseId(state.pauses);
  const window = openWindow(
    { id, kind: 'karama_battle', cause: { power, territory: b.territory }, participants },
    state.pauses.policies,
  );
  const s = { ...state, pauses: { ...pauses, windows: [...pauses.windows, window] } };
  return window.status === 'open' ? s : closeKaramaWindow(s);
}

/** The Karama window closed: drop it and go on to the next stage. */
export function closeKaramaWindow(state: DuneState): DuneState {
  const s = { ...state, pauses: { ...state.pauses, windows: state.pauses.windows.slice(0, -1) } };
  return s.battle?.stage === 'answer' ? s : advanceStage(s);
}

/** A Karama cancels the power just used: the Voice command or the Prescience question lapses. */
export function karamaCancel(state: DuneState, seat: Faction, handle: string): DuneState {
  const b = state.battle as Battle;
  const window = state.pauses.windows[state.pauses.windows.length - 1];
  if (!window || window.kind !== 'karama_battle') throw new Error('no karama window');
  const power = window.cause.power;
  const battle: Battle =
    power === 'voice' ? { ...b, voice: null } : { ...b, prescience: null, stage: 'plans' };
  let s = log({ ...state, battle }, 'karama', { faction: seat, cancels: String(power) });
  s = discardBatch(s, 'karama', 'battle', [{ faction: seat, handle }], (batch) => ({
    kind: 'karama_cancel',
    batch,
  }));
  return s;
}

/** The Prescience target fixes its plan first; the asked element is published. */
export function answerPrescience(state: DuneState, seat: Faction, plan: BattlePlan): DuneState {
  const b = state.battle as Battle;
  const p = b.prescience;
  if (!p) throw new Error('no prescience');
  const shown = revealPlan(state, seat, plan);
  const answer =
    p.element === 'leader'
      ? (shown.leader ?? (shown.hero ? 'cheap_hero' : null))
      : shown[p.element];
  let s = log(
    { ...state, battle: { ...b, prescience: { ...p, answer }, stage: 'plans' } },
    'prescience_answer',
    { target: seat, element: p.element, answer },
  );
  // A named weapon or defense (or Cheap Hero) is now known to be in that hand.
  const shownHandle =
    p.element === 'weapon'
      ? plan.weapon
      : p.element === 'defense'
        ? plan.defense
        : p.element === 'leader'
          ? plan.hero
          : null;
  if (shownHandle) s = markPublic(s, seat, [shownHandle]);
  s = advanceStage(s);
  return commitPlan(s, seat, plan);
}

export function revealPlan(state: DuneState, seat: Faction, plan: BattlePlan): RevealedPlan {
  const card = (h: string | null): TreacheryCardId | null =>
    h ? (findCard(state, seat, h)?.card ?? null) : null;
  return {
    leader: plan.leader,
    dial: plan.dial,
    weapon: card(plan.weapon),
    defense: card(plan.defense),
    hero: plan.hero !== null,
  };
}

export function commitPlan(state: DuneState, seat: Faction, plan: BattlePlan): DuneState {
  if (state.choice?.kind !== 'battle_plan') throw new Error('no battle plan open');
  const choice = commitChoice(state.choice.choice, seat, plan);
  if (choice.status === 'collecting') return { ...state, choice: { kind: 'battle_plan', choice } };
  const b = state.battle as Battle;
  const plans: Partial<Record<Faction, RevealedPlan>> = {};
  const raw: Partial<Record<Faction, BattlePlan>> = {};
  for (const { seat: f, choice: p } of revealedChoices(choice)) {
    plans[f] = revealPlan(state, f, p);
    raw[f] = p;
  }
  let s: DuneState = { ...state, choice: null, battle: { ...b, plans, stage: 'traitors' } };
  s = log(s, 'battle_plans', { territory: b.territory, plans });
  for (const f of combatants(b)) {
    const leader = raw[f]?.leader;
    if (leader)
      s = updatePlayer(s, f, (p) => ({
        ...p,
        leadersUsed: { ...p.leadersUsed, [leader]: b.territory },
      }));
  }
  // Keep the handles of the played cards for the cleanup (server-side only; views omit them);
  // the cards themselves are face up now.
  s = { ...s, battle: { ...(s.battle as Battle), played: raw } };
  for (const f of combatants(b)) s = markPublic(s, f, handlesOf(raw[f]));
  const [id, pauses] = nextPauseId(s.pauses);
  const traitors = openChoice<Faction, boolean>({
    id,
    kind: 'traitor_call',
    cause: { territory: b.territory },
    participants: traitorCallers(s, b),
  });
  return { ...s, pauses, choice: { kind: 'traitor_call', choice: traitors } };
}

/** Whether `seat` holds the traitor card of the leader its opponent revealed. */
export function canCallTraitor(state: DuneState, seat: Faction): boolean {
  const b = state.battle;
  if (!b) return false;
  const against = sideOpponent(state, b, seat);
  const leader = against ? b.plans?.[against]?.leader : null;
  return !!leader && state.players[seat].traitors.includes(leader);
}

function killLeader(state: DuneState, leader: string): DuneState {
  const owner = (Object.keys(FACTIONS) as Faction[]).find((f) =>
    FACTIONS[f].leaders.some((l) => l.id === leader),
  ) as Faction;
  if (!inPlay(state, owner)) return state;
  return updatePlayer(state, owner, (p) => ({
    ...p,
    leaders: { ...p.leaders, [leader]: 'tanks' },
    // Every death is kept: a leader dying again goes face down (revival's cycle rule).
    leadersDied: [...p.leadersDied, leader],
  }));
}

function killAllIn(state: DuneState, areas: readonly string[], faction: Faction): DuneState {
  let s = state;
  for (const a of areas) {
    const n = forcesIn(s, a, faction);
    if (n === 0) continue;
    s = { ...s, forces: addForces(s.forces, a, faction, -n) };
    s = updatePlayer(s, faction, (p) => ({ ...p, tanks: p.tanks + n }));
  }
  return s;
}

function killSome(
  state: DuneState,
  areas: readonly string[],
  faction: Faction,
  count: number,
): DuneState {
  let s = state;
  let left = count;
  for (const a of areas) {
    const n = Math.min(left, forcesIn(s, a, faction));
    if (n === 0) continue;
    s = { ...s, forces: addForces(s.forces, a, faction, -n) };
    s = updatePlayer(s, faction, (p) => ({ ...p, tanks: p.tanks + n }));
    left -= n;
  }
  return s;
}

type Played = Partial<Record<Faction, BattlePlan>>;
function playedOf(state: DuneState): Played {
  return state.battle?.played ?? {};
}

function handlesOf(plan: BattlePlan | undefined): string[] {
  if (!plan) return [];
  return [plan.hero, plan.weapon, plan.defense].filter((h): h is string => h !== null);
}

const kills = (weapon: TreacheryCardId | null, defense: TreacheryCardId | null): boolean => {
  if (!weapon) return false;
  const w = TREACHERY[weapon].kind;
  const d = defense ? TREACHERY[defense].kind : null;
  if (w === 'weapon_special') return true;
  if (w === 'weapon_projectile') return d !== 'defense_projectile';
  if (w === 'weapon_poison') return d !== 'defense_poison';
  return false;
};

export function commitTraitorCall(state: DuneState, seat: Faction, call: boolean): DuneState {
  if (state.choice?.kind !== 'traitor_call') throw new Error('no traitor call open');
  const choice = commitChoice(state.choice.choice, seat, call);
  if (choice.status === 'collecting') return { ...state, choice: { kind: 'traitor_call', choice } };
  const b = state.battle as Battle;
  const called = revealedChoices(choice)
    .filter((c) => c.choice)
    .map((c) => c.seat);
  // The Harkonnen's call in their ally's battle counts as the ally's.
  const calls = [
    ...new Set(called.map((f) => (combatants(b).includes(f) ? f : (allyOf(state, f) as Faction)))),
  ];
  return resolveBattle(log({ ...state, choice: null }, 'traitor_calls', { callers: calls }), calls);
}

function resolveBattle(state: DuneState, callers: Faction[]): DuneState {
  const b = state.battle as Battle;
  const plans = b.plans as Record<Faction, RevealedPlan>;
  const played = playedOf(state);
  const [agg, def] = combatants(b);
  const pa = plans[agg];
  const pd = plans[def];
  let s = state;
  const everyone = (): Array<{ faction: Faction; handle: string }> =>
    combatants(b).flatMap((f) => handlesOf(played[f]).map((handle) => ({ faction: f, handle })));

  if (callers.length === 2) {
    s = killAllIn(killAllIn(s, b.areas, agg), b.areas, def);
    for (const p of [pa, pd]) if (p.leader) s = killLeader(s, p.leader);
    s = log(s, 'battle_result', { territory: b.territory, winner: null, how: 'both_traitors' });
    return cleanup(s, 'battle_traitor', everyone(), null);
  }
  if (callers.length === 1) {
    const caller = callers[0] as Faction;
    const loser = opponentIn(b, caller);
    const traitor = plans[loser].leader as string;
    s = killAllIn(s, b.areas, loser);
    s = killLeader(s, traitor);
    // The called traitor card is revealed and leaves its holder's hidden traitors.
    for (const f of state.options.factions) {
      s = updatePlayer(s, f, (p) => ({ ...p, traitors: p.traitors.filter((t) => t !== traitor) }));
    }
    s = forgetTraitorAnswers(s, traitor);
    s = addSpice(s, caller, leaderStrength(traitor));
    s = log(s, 'battle_result', {
      territory: b.territory,
      winner: caller,
      how: 'traitor',
      traitor,
    });
    const lost = handlesOf(played[loser]).map((handle) => ({ faction: loser, handle }));
    s = markPublic(s, caller, handlesOf(played[caller]));
    return cleanup(s, 'battle_traitor', lost, caller, 'finish');
  }
  const lasgun = pa.weapon === 'lasgun' || pd.weapon === 'lasgun';
  const shield = [pa.defense, pd.defense].some((d) => d === 'shield');
  if (lasgun && shield) {
    for (const f of occupants(s, b.territory)) s = killAllIn(s, areasOf(b.territory), f);
    for (const a of areasOf(b.territory)) {
      if (s.spice[a]) {
        const spice = { ...s.spice };
        delete spice[a];
        s = { ...s, spice };
      }
    }
    for (const p of [pa, pd]) if (p.leader) s = killLeader(s, p.leader);
    s = log(s, 'battle_result', { territory: b.territory, winner: null, how: 'explosion' });
    return cleanup(s, 'battle_explosion', everyone(), null);
  }
  const aggLeaderDies = kills(pd.weapon, pa.defense);
  const defLeaderDies = kills(pa.weapon, pd.defense);
  const strength = (p: RevealedPlan, dies: boolean) =>
    p.dial + (p.leader && !dies ? leaderStrength(p.leader) : 0);
  const winner = strength(pa, aggLeaderDies) >= strength(pd, defLeaderDies) ? agg : def;
  const loser = opponentIn(b, winner);
  const killed: string[] = [];
  if (pa.leader && aggLeaderDies) killed.push(pa.leader);
  if (pd.leader && defLeaderDies) killed.push(pd.leader);
  for (const l of killed) s = killLeader(s, l);
  s = killAllIn(s, b.areas, loser);
  s = killSome(
    s,
    b.areas,
    winner,
    Math.min(
      plans[winner].dial,
      b.areas.reduce((n, a) => n + forcesIn(s, a, winner), 0),
    ),
  );
  const earned = killed.reduce((sum, l) => sum + leaderStrength(l), 0);
  if (earned > 0) s = addSpice(s, winner, earned);
  s = log(s, 'battle_result', { territory: b.territory, winner, how: 'strength', killed, earned });
  // The loser discards everything; the winner's worthless cards and Cheap Hero go too.
  const winnerAuto = handlesOf(played[winner]).filter((h) => {
    const k = TREACHERY[findCard(s, winner, h)?.card as TreacheryCardId].kind;
    return k === 'worthless' || k === 'cheap_hero';
  });
  const entries = [
    ...handlesOf(played[loser]).map((handle) => ({ faction: loser, handle })),
    ...winnerAuto.map((handle) => ({ faction: winner, handle })),
  ];
  s = markPublic(
    s,
    winner,
    handlesOf(played[winner]).filter((h) => !winnerAuto.includes(h)),
  );
  const keepable = handlesOf(played[winner]).filter((h) => !winnerAuto.includes(h));
  return cleanup(
    s,
    'battle_loser',
    entries,
    winner,
    keepable.length > 0 ? 'winner_cards' : 'finish',
  );
}

/** Cards revealed in a plan that stay in hand are known to everyone. */
function markPublic(state: DuneState, faction: Faction, handles: readonly string[]): DuneState {
  return updatePlayer(state, faction, (p) => ({
    ...p,
    hand: p.hand.map((c) =>
      handles.includes(c.handle)
        ? { ...c, seenBy: state.options.factions.filter((f) => f !== faction) }
        : c,
    ),
  }));
}

/**
 * The battle's cards go through the discard boundary as one batch; with no cards to discard
 * there is no batch at all (no log line, no stop) and the cleanup goes straight on.
 */
function cleanup(
  state: DuneState,
  cause: 'battle_loser' | 'battle_traitor' | 'battle_explosion',
  entries: Array<{ faction: Faction; handle: string }>,
  winner: Faction | null,
  next: 'winner_cards' | 'finish' = 'finish',
): DuneState {
  const b = state.battle as Battle;
  const s: DuneState = { ...state, battle: { ...b, winner, stage: 'done' } };
  if (entries.length === 0) return afterCleanup(s, b.territory, winner, next);
  return discardBatch(s, cause, 'battle', entries, (batch) => ({
    kind: 'battle_cleanup',
    batch,
    territory: b.territory,
    winner,
    next,
  }));
}

/** Resumes a battle producer from its discard boundary — exactly once per boundary. */
export function resumeBattleDiscard(state: DuneState, k: DiscardContinuation): DuneState {
  const s: DuneState = { ...state, pendingDiscard: null };
  if (k.kind === 'battle_cleanup') return afterCleanup(s, k.territory, k.winner, k.next);
  if (k.kind === 'winner_discards') return finishBattle(s);
  return s;
}

/** What remains of a battle after its loser's cards are gone: the winner's cards, or the end. */
function afterCleanup(
  s: DuneState,
  territory: TerritoryId,
  winner: Faction | null,
  next: 'winner_cards' | 'finish',
): DuneState {
  if (next === 'winner_cards' && winner) {
    const [id, pauses] = nextPauseId(s.pauses);
    const decisions = pushDecision(pauses.decisions, {
      id,
      seat: winner,
      kind: 'keep_cards' as const,
      territory,
    });
    return {
      ...s,
      pauses: { ...pauses, decisions },
      battle: { ...(s.battle as Battle), stage: 'winner_cards' },
    };
  }
  return finishBattle(s);
}

/** The cards the winner may keep or discard (its surviving played weapon and defense). */
export function keepableHandles(state: DuneState, winner: Faction): string[] {
  const played = playedOf(state)[winner];
  return handlesOf(played).filter((h) => findCard(state, winner, h) !== undefined);
}

export function winnerDiscards(
  state: DuneState,
  seat: Faction,
  discard: readonly string[],
): DuneState {
  const top = topDecision(state.pauses.decisions);
  if (!top || top.kind !== 'keep_cards') throw new Error('no keep decision');
  const s: DuneState = {
    ...state,
    pauses: { ...state.pauses, decisions: resolveDecision(state.pauses.decisions, top.id) },
  };
  if (discard.length === 0) return finishBattle(s);
  return discardBatch(
    s,
    'battle_winner',
    'battle',
    discard.map((handle) => ({ faction: seat, handle })),
    (batch) => ({ kind: 'winner_discards', batch, territory: top.territory }),
  );
}

/** The battle is over: the any-time window, then the next battle (or the phase ends). */
function finishBattle(state: DuneState): DuneState {
  const b = state.battle as Battle;
  const s: DuneState = { ...state, battle: null, dialers: [b.aggressor, b.defender] };
  return openAnyTimeWindow(
    nextAggressor(s) ? s : { ...s, phaseDone: true },
    'battle',
    'after_battle',
  );
}
