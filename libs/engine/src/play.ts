import { createActor, type AnyActor, type AnyActorScope, type AnyStateMachine } from 'xstate';
import { canonicalJson } from './canonical-json.js';
import { compiledTransition, compileMachine } from './compiled-step.js';
import { RulesError } from './errors.js';
import type {
  ActionOf,
  AnyGameModule,
  GameSnapshot,
  OptionsOf,
  PersistedGame,
  SeatOf,
  StateOf,
} from './game-module.js';
import type { WindowPolicy } from './policies.js';
import { SharedValues } from './shared-values.js';

/**
 * Pure stepping of a game module's machine: the engine's compiled stepping (compiled-step.ts),
 * which every game's chart must allow; setup through the machine's `getInitialSnapshot`. The game node, AI rollouts and tests all step games through these;
 * the node's room actor only adopts the snapshots they return. Every function returns a new
 * snapshot and never changes its input.
 */

/**
 * The first snapshot of a game, after setup (deals, shuffles, mulligans pending). Options the
 * game's setup refuses are `bad_request` (the setup's own error is its `cause`, for the server's
 * log): XState would otherwise hand back a snapshot in `error` status that no one can play.
 */
export function newGame<M extends AnyGameModule>(
  module: M,
  options: OptionsOf<M>,
  seed: number | string,
): GameSnapshot<StateOf<M>> {
  const input = { options, seed };
  const scope = inertScope(module.machine, () => createActor(module.machine, { input }));
  const snapshot = module.machine.getInitialSnapshot(scope, input) as GameSnapshot<StateOf<M>> & {
    readonly error?: unknown;
  };
  if (snapshot.status === 'error') throw new RulesError('bad_request', { cause: snapshot.error });
  return snapshot;
}

/**
 * Applies `seat`'s `action`. Legality is decided by the module's `deciders` and `legalActions`
 * (narrowed to the action's type by `legalActionsOfType` when the module has it; never by the
 * active side): a seat that is not a decider gets `not_your_turn`, an action not
 * in its legal list — malformed, stale, or naming a private id it guessed — gets
 * `illegal_action`. Either way the input snapshot is untouched.
 */
export function applyAction<M extends AnyGameModule>(
  module: M,
  snapshot: GameSnapshot<StateOf<M>>,
  seat: SeatOf<M>,
  action: unknown,
): GameSnapshot<StateOf<M>> {
  if (snapshot.status !== 'active' || module.outcome(snapshot) !== null) {
    throw new RulesError('game_over');
  }
  if (action === null || typeof action !== 'object' || Array.isArray(action)) {
    throw new RulesError('bad_request');
  }
  if (!module.deciders(snapshot).includes(seat)) throw new RulesError('not_your_turn');
  const legal = findLegal(candidates(module, snapshot, seat, action), action);
  if (legal === undefined) throw new RulesError('illegal_action');
  // The rules' own copy of the action is sent, so the machine never sees client key order.
  return step(module.machine, snapshot, { type: 'act', seat, action: legal as ActionOf<M> });
}

/**
 * Applies `action`, which the caller took from `module.legalActions(snapshot, seat)` of this
 * very snapshot (or its list of that type), with `seat` a decider: the step `applyAction` takes
 * once it has found the action legal, without finding it again. The search steps its samples
 * thousands of times a decision, each action taken from the list it just listed, and there the
 * re-check — listing the actions again and comparing — would cost about a third of a Dune step.
 * Only the search may call it (libs/ai; `boundaries.test.ts` there): anything that comes from
 * outside the server goes through `applyAction`.
 */
export function applyTrustedAction<M extends AnyGameModule>(
  module: M,
  snapshot: GameSnapshot<StateOf<M>>,
  seat: SeatOf<M>,
  action: ActionOf<M>,
): GameSnapshot<StateOf<M>> {
  return step(module.machine, snapshot, { type: 'act', seat, action });
}

/**
 * The legal actions `action` may equal. Only one with the same `type` can, when the action's
 * `type` is a string (its JSON is then that string's, and no other value's): the module's
 * list of that type, if it has one, does for the whole list.
 */
function candidates<M extends AnyGameModule>(
  module: M,
  snapshot: GameSnapshot<StateOf<M>>,
  seat: SeatOf<M>,
  action: object,
): unknown[] {
  const type = (action as { type?: unknown }).type;
  if (module.legalActionsOfType && typeof type === 'string') {
    return module.legalActionsOfType(snapshot, seat, type);
  }
  return module.legalActions(snapshot, seat);
}

/**
 * The legal action equal to `action` as JSON (key order and `undefined`-valued keys aside),
 * i.e. the one whose `canonicalJson` is the same. A structural comparison finds it without
 * serializing anything; only when none matches does the canonical form decide (the exact rule
 * for what it alone equates, e.g. a `NaN` against a `null`).
 */
function findLegal(legal: readonly unknown[], action: unknown): unknown {
  for (const a of legal) if (jsonEqual(a, action)) return a;
  const wanted = canonicalJson(action);
  return legal.find((a) => canonicalJson(a) === wanted);
}

/** Deep equality of plain JSON values; objects compare by their keys with defined values. */
function jsonEqual(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  if (Array.isArray(a)) {
    if (!Array.isArray(b) || a.length !== b.length) return false;
    for (let i = 0; i < a.length; i++) {
      if (a[i] === undefined || b[i] === undefined || !jsonEqual(a[i], b[i])) return false;
    }
    return true;
  }
  if (Array.isArray(b) || !isPlain(a) || !isPlain(b)) return false;
  const ra = a as Record<string, unknown>;
  const rb = b as Record<string, unknown>;
  let defined = 0;
  for (const key in ra) {
    const v = ra[key];
    if (v === undefined) continue;
    defined++;
    if (!Object.prototype.hasOwnProperty.call(rb, key) || !jsonEqual(v, rb[key])) return false;
  }
  for (const key in rb) if (rb[key] !== undefined) defined--;
  return defined === 0;
}

function isPlain(value: object): boolean {
  const proto = Object.getPrototypeOf(value);
  return proto === Object.prototype || proto === null;
}

/** Sets or clears one of `seat`'s standing policies; takes effect when a window next opens. */
export function applyPolicy<M extends AnyGameModule>(
  module: M,
  snapshot: GameSnapshot<StateOf<M>>,
  seat: SeatOf<M>,
  kind: string,
  policy: WindowPolicy | null,
): GameSnapshot<StateOf<M>> {
  if (typeof kind !== 'string' || kind.length === 0 || kind.length > 64) {
    throw new RulesError('bad_request');
  }
  if (snapshot.status !== 'active') throw new RulesError('game_over');
  return step(module.machine, snapshot, { type: 'policy', seat, kind, policy });
}

/** The JSON form stored in `room_snapshots` and used to resume on any node. */
export function persistGame<State>(snapshot: GameSnapshot<State>): PersistedGame<State> {
  return JSON.parse(
    JSON.stringify({ value: snapshot.value, context: snapshot.context, status: snapshot.status }),
  ) as PersistedGame<State>;
}

/**
 * Turns the stored JSON form back into a snapshot the machine can step. A module's `compact`
 * shares equal records through `shared`: a caller restoring many games (a game node) passes
 * one pool for all of them.
 */
export function restoreGame<M extends AnyGameModule>(
  module: M,
  persisted: PersistedGame<StateOf<M>>,
  shared?: SharedValues,
): GameSnapshot<StateOf<M>> {
  const context = module.compact
    ? module.compact(persisted.context, shared ?? new SharedValues())
    : persisted.context;
  return module.machine.resolveState({
    value: persisted.value,
    context,
    status: persisted.status,
  }) as GameSnapshot<StateOf<M>>;
}

/** Byte-stable serialization of a snapshot, for determinism checks and golden files. */
export function snapshotBytes(snapshot: GameSnapshot<unknown>): string {
  return JSON.stringify(persistGame(snapshot));
}

/**
 * Whether the engine can step `machine` (compiled-step.ts). Every game must: `step` has no
 * fallback, and the game registry refuses a game whose chart does not compile.
 */
export function chartCompiles(machine: AnyStateMachine): boolean {
  return compileMachine(machine) !== null;
}

/**
 * One event, by the compiled stepping. A chart it cannot step is an error, never a silent
 * detour through XState; so is an event no transition takes — a legal action that changes
 * nothing would otherwise commit a new version identical to the last.
 */
function step<S>(
  machine: AnyStateMachine,
  snapshot: GameSnapshot<S>,
  event: { readonly type: string; readonly [field: string]: unknown },
): GameSnapshot<S> {
  const next = compiledTransition(machine, snapshot, event);
  if (next === null) {
    if (!chartCompiles(machine)) {
      throw new Error(`the chart of ${machine.id} uses what compiled stepping does not cover`);
    }
    throw new Error(`${machine.id} cannot step a ${snapshot.status} snapshot at this state`);
  }
  if (next === snapshot) throw new Error(`no transition of ${machine.id} takes "${event.type}"`);
  return next as GameSnapshot<S>;
}

/**
 * XState's own pure `transition()` and `initialTransition()` build a throwaway actor per call, and
 * building an actor runs the machine's context factory — for a card game, a whole setup with
 * shuffles, on every step (and with no input, so a game's setup must not assume one). Game
 * machines spawn no children and their actions are all `assign`s, so one inert scope per machine
 * (its actor built once, from the first game or snapshot seen; effects ignored) serves every step.
 */
const scopes = new WeakMap<AnyStateMachine, AnyActorScope>();

function inertScope(machine: AnyStateMachine, createSelf: () => AnyActor): AnyActorScope {
  let scope = scopes.get(machine);
  if (!scope) {
    const self = createSelf();
    scope = {
      self,
      id: '',
      sessionId: '',
      system: self.system,
      logger: () => {},
      defer: () => {},
      emit: () => {},
      stopChild: () => {},
      actionExecutor: () => {},
    } as AnyActorScope;
    scopes.set(machine, scope);
  }
  return scope;
}
