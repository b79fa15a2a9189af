import type { GameModule, GameSnapshot, Outcome } from '@veil/engine';
import { evaluateNetrunner, rolloutNetrunner } from './ai/index.js';
import { decidersOfGame, legalActionsOf, legalActionsOfType } from './actions/legal.js';
import type { NetrunnerAction } from './actions/types.js';
import { netrunnerMachine } from './machine/machine.js';
import type { NetrunnerOptions } from './machine/setup-input.js';
import { determinize } from './privacy/determinize.js';
import { RULES_VERSION } from './rules/setup.js';
import { compactGame } from './state/compact.js';
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
  const done = snapshot.context.outcome;
  if (!done) return null;
  return { winners: done.winner === null ? [] : [done.winner], reason: done.reason };
}

/**
 * The legal-action lists of a state, per seat, kept by the state (weakly: they go with it). A
 * driver (the game node, a bot) lists a seat's actions and then applies one, and `applyAction`
 * checks the action against the same list: the second listing is a lookup. States are never
 * changed once made, so a list stays right; its actions are frozen (no caller can change what
 * a later check compares against) and each call gets its own array. Keyed by the state, two
 * games, rooms or determinizations stepped in turn never see each other's lists.
 */
const listed = new WeakMap<Game, Partial<Record<Side, readonly NetrunnerAction[]>>>();

function legalActions(snapshot: GameSnapshot<Game>, seat: Side): NetrunnerAction[] {
  const g = snapshot.context;
  const known = recentList(g, seat);
  if (known) return known.slice();
  const list = legalActionsOf(g, seat).map(deepFreeze);
  const lists = listed.get(g);
  if (lists) lists[seat] = list;
  else listed.set(g, { [seat]: list });
  return list.slice();
}

function recentList(g: Game, seat: Side): readonly NetrunnerAction[] | undefined {
  return listed.get(g)?.[seat];
}

/**
 * The legal actions of one type (what `applyAction` checks an action against): from the
 * recent lists when the state was just listed, else only those of that type (not kept).
 */
function legalActionsOfTypeIn(
  snapshot: GameSnapshot<Game>,
  seat: Side,
  type: string,
): NetrunnerAction[] {
  const known = recentList(snapshot.context, seat);
  if (known) return known.filter((a) => a.type === type);
  // Not kept, so not frozen: nothing compares against this list again (and frozen actions,
  // of other hidden classes, made the code that matches and reads actions polymorphic).
  return legalActionsOfType(snapshot.context, seat, type);
}

function deepFreeze<T>(value: T): T {
  if (value !== null && typeof value === 'object' && !Object.isFrozen(value)) {
    const record = value as Record<string, unknown>;
    for (const key in record) deepFreeze(record[key]);
    Object.freeze(value);
  }
  return value;
}

/** Android: Netrunner (System Gateway + Sericulture Expansion + Byte!) as a Veil game module. */
export const netrunner: NetrunnerModule = {
  id: 'netrunner',
  rulesVersion: RULES_VERSION,
  seats: () => ['corp', 'runner'],
  machine: netrunnerMachine,
  deciders: (snapshot) => decidersOfGame(snapshot.context),
  legalActions,
  legalActionsOfType: legalActionsOfTypeIn,
  view: netrunnerView,
  log: (snapshot) => snapshot.context.log,
  logView,
  outcome,
  windows: (snapshot) => snapshot.context.pauses.windows,
  /** Each side's turn counts: 1 is the Corp's first turn, 2 the Runner's first. */
  turnNumber: (snapshot) => snapshot.context.turn,
  actionKey,
  observedActionKey,
  determinize: (view, viewer, rng, options) => determinize(view, viewer, rng, options),
  evaluate: evaluateNetrunner,
  rolloutAction: rolloutNetrunner,
  compact: compactGame,
};
