import type { GameModule, GameSnapshot, Outcome } from '@veil/engine';
import { duneCandidates, evaluateDune, rolloutDune } from './ai/index.js';
import { duneMachine } from './machine.js';
import { duneDeterminize } from './privacy/determinize.js';
import { duneDeciders, duneLegalActions } from './rules/legal.js';
import { phaseOf } from './rules/phase.js';
import { resolveOptions } from './rules/setup.js';
import type { DuneAction } from './state/actions.js';
import type { DuneOptions, DuneState, Faction, LogEntry, VisibleLogEntry } from './state/types.js';
import { duneActionKey, duneObservedActionKey } from './view/keys.js';
import { duneLogView, duneView, type DuneView } from './view/view.js';

export type DuneModule = GameModule<
  Faction,
  DuneState,
  DuneAction,
  DuneView,
  LogEntry,
  VisibleLogEntry,
  DuneOptions
>;

function outcome(snapshot: GameSnapshot<DuneState>): Outcome<Faction> | null {
  const result = snapshot.context.result;
  if (!result) return null;
  // Allies win together: all of them are the outcome's winners.
  return { winners: result.winners, reason: result.reason };
}

export const dune: DuneModule = {
  id: 'dune',
  // 8: a battle cleanup with no cards records no discard batch (rules/battle.ts).
  // 7: the Fremen choose whether a worm spares their ally and whether the ally revives with
  // their free number (rules/blow.ts, rules/revival.ts).
  // 6: the any-time window at every point of a turn (rules/any-time.ts).
  // 5: Karama against the alliance powers and a Fremen Hajr move; Voice and Prescience asked of
  // every seat but their owner (rules/karama-powers.ts, rules/battle.ts).
  // 3: the any-time window and the Truthtrance answers kept in the state (rules/any-time.ts,
  // rules/truth-answers.ts); 2: Karama against faction powers (rules/karama-powers.ts).
  rulesVersion: 8,
  seats: (options) => [...resolveOptions(options).factions],
  machine: duneMachine,
  deciders: (snapshot) =>
    snapshot.status === 'active' ? duneDeciders(snapshot.context, phaseOf(snapshot.value)) : [],
  legalActions: (snapshot, seat) =>
    snapshot.status === 'active'
      ? duneLegalActions(snapshot.context, phaseOf(snapshot.value), seat)
      : [],
  view: duneView,
  log: (snapshot) => snapshot.context.log,
  logView: duneLogView,
  outcome,
  turnNumber: (snapshot) => snapshot.context.turn,
  windows: (snapshot) => snapshot.context.pauses.windows,
  actionKey: (action) => duneActionKey(action),
  observedActionKey: duneObservedActionKey,
  determinize: (view, viewer, rng) => duneDeterminize(dune, view, viewer, rng),
  seatsInView: (view) => [...view.flow.options.factions],
  evaluate: evaluateDune,
  rolloutAction: rolloutDune,
  candidateActions: duneCandidates,
};
