import type { GameModule, GameSnapshot, Outcome } from '@veil/engine';
import { decidersOfGame, legalActionsOf } from './actions/legal.js';
import type { NetrunnerAction } from './actions/types.js';
import { netrunnerMachine } from './machine/machine.js';
import type { NetrunnerOptions } from './machine/setup-input.js';
import { determinize } from './privacy/determinize.js';
import { RULES_VERSION } from './rules/setup.js';
import type { LogEntry, VisibleLogEntry } from './state/log-types.js';
import type { Game, Side } from './state/types.js';
import { actionKey, observedActionKey } from './view/keys.js';
import { logView } from './view/log-view.js';
import { netrunnerView, type NetrunnerView } from './view/view.js';

export type NetrunnerModule = GameModule<
  Side,
  Game,
  NetrunnerAction,
  NetrunnerView,
  LogEntry,
  VisibleLogEntry,
  NetrunnerOptions
>;

function outcome(snapshot: GameSnapshot<Game>): Outcome<Side> | null {
  return snapshot.context.outcome;
}

/** Android: Netrunner (System Gateway + Sericulture Expansion + Byte!) as a Veil game module. */
export const netrunner: NetrunnerModule = {
  id: 'netrunner',
  rulesVersion: RULES_VERSION,
  seats: () => ['corp', 'runner'],
  machine: netrunnerMachine,
  deciders: (snapshot) => decidersOfGame(snapshot.context),
  legalActions: (snapshot, seat) => legalActionsOf(snapshot.context, seat),
  view: netrunnerView,
  log: (snapshot) => snapshot.context.log,
  logView,
  outcome,
  windows: (snapshot) => snapshot.context.pauses.windows,
  /** Each side's turn counts: 1 is the Corp's first turn, 2 the Runner's first. */
  turnNumber: (snapshot) => snapshot.context.turn,
  actionKey,
  observedActionKey,
  determinize: (view, viewer, rng) => determinize(view, viewer, rng),
};
