import {
  commitChoice,
  nextPauseId,
  pushDecision,
  resolveDecision,
  revealedChoices,
  shuffle,
  topDecision,
} from '@veil/engine';
import type { DuneState, Faction, SetupCommitment } from '../state/types.js';
import { addForces } from './board.js';
import { inPlay, log, updatePlayer } from './common.js';

/** The setup decisions: traitor picks with the BG prediction (one hidden choice), then the Fremen split. */

export const FREMEN_SPLIT_AREAS = {
  tabr: 'sietch_tabr:13',
  south: 'false_wall_south:3',
  west: 'false_wall_west:15',
} as const;

export function commitSetup(
  state: DuneState,
  seat: Faction,
  commitment: SetupCommitment,
): DuneState {
  if (state.choice?.kind !== 'setup') throw new Error('no setup choice open');
  const choice = commitChoice(state.choice.choice, seat, commitment);
  if (choice.status === 'collecting') return { ...state, choice: { kind: 'setup', choice } };
  // Everyone is in: the picks stay private (only "traitors kept" is public).
  let s: DuneState = { ...state, choice: null };
  for (const { seat: f, choice: c } of revealedChoices(choice)) {
    s = updatePlayer(s, f, (p) => ({
      ...p,
      traitors: [c.traitor],
      rejectedTraitors: p.rejectedTraitors.filter((t) => t !== c.traitor),
    }));
    if (f === 'bene_gesserit' && c.prediction) s = { ...s, prediction: c.prediction };
    s = log(
      s,
      'traitor_kept',
      { faction: f },
      { to: [f], data: { traitor: c.traitor, prediction: c.prediction } },
    );
  }
  if (inPlay(s, 'fremen')) {
    const [id, pauses] = nextPauseId(s.pauses);
    const decisions = pushDecision(pauses.decisions, {
      id,
      seat: 'fremen' as Faction,
      kind: 'fremen_split' as const,
    });
    s = { ...s, pauses: { ...pauses, decisions } };
  }
  return s;
}

export function fremenSplit(
  state: DuneState,
  tabr: number,
  south: number,
  west: number,
): DuneState {
  const top = topDecision(state.pauses.decisions);
  if (
    !top ||
    top.kind !== 'fremen_split' ||
    tabr + south + west !== 10 ||
    Math.min(tabr, south, west) < 0
  ) {
    throw new Error('bad fremen split');
  }
  let forces = state.forces;
  if (tabr) forces = addForces(forces, FREMEN_SPLIT_AREAS.tabr, 'fremen', tabr);
  if (south) forces = addForces(forces, FREMEN_SPLIT_AREAS.south, 'fremen', south);
  if (west) forces = addForces(forces, FREMEN_SPLIT_AREAS.west, 'fremen', west);
  let s: DuneState = {
    ...state,
    forces,
    pauses: { ...state.pauses, decisions: resolveDecision(state.pauses.decisions, top.id) },
  };
  s = updatePlayer(s, 'fremen', (p) => ({ ...p, reserves: p.reserves - 10 }));
  return log(s, 'fremen_split', { tabr, south, west });
}

export function isSetupDone(state: DuneState): boolean {
  return state.choice === null && state.pauses.decisions.length === 0;
}

/** The Harkonnen may redraw when two or more of their four traitors are their own leaders. */
export function mulliganAllowed(state: DuneState): boolean {
  return state.players.harkonnen.traitors.filter((t) => t.startsWith('harkonnen.')).length >= 2;
}

export function harkonnenMulligan(state: DuneState, redraw: boolean): DuneState {
  const top = topDecision(state.pauses.decisions);
  if (!top || top.kind !== 'harkonnen_mulligan' || (redraw && !mulliganAllowed(state)))
    throw new Error('bad mulligan');
  let s: DuneState = {
    ...state,
    pauses: { ...state.pauses, decisions: resolveDecision(state.pauses.decisions, top.id) },
  };
  if (!redraw) return log(s, 'harkonnen_mulligan', { redraw: false });
  const [deck, rng] = shuffle(s.rng, [...s.traitorDeck, ...s.players.harkonnen.traitors]);
  s = updatePlayer({ ...s, rng, traitorDeck: deck.slice(4) }, 'harkonnen', (p) => ({
    ...p,
    traitors: deck.slice(0, 4),
  }));
  return log(
    s,
    'harkonnen_mulligan',
    { redraw: true },
    { to: ['harkonnen'], data: { traitors: deck.slice(0, 4) } },
  );
}
