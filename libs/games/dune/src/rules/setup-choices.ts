import {
  commitChoice,
  nextPauseId,
  pushDecision,
  resolveDecision,
  revealedChoices,
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
