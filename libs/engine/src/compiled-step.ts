import type { AnyStateMachine, StateValue } from 'xstate';
import { hasKeysInOrder } from './key-order.js';

/**
 * XState's `machine.transition`, specialised to the charts game machines are: one active state
 * per level (no parallel or history states), nothing invoked, spawned, raised or delayed, and
 * every action an `assign`. XState's general interpreter spends most of a game action on
 * bookkeeping those charts never need — sets of active nodes, conflict resolution between
 * parallel regions, an inspection event per microstep, a snapshot object per action. This
 * module walks the same state nodes and transition definitions XState built from the machine
 * config and follows XState v5's macrostep exactly (SCXML order): the event's transition is
 * the deepest enabled one on the active path; exits run deepest first, then the transition's
 * actions, then entries outermost first; then eventless (`always`) transitions are taken,
 * deepest first, until none is enabled. The context a step ends with is a shallow copy, as
 * XState's `assign` makes (see `runAssignments` for the copies in between). Each transition's
 * exits and entries are worked out once per active state (`planOf`).
 * `compiled-step.test.ts` checks snapshots against XState's own transition, state by state,
 * over games of both Parlor and Netrunner.
 *
 * A machine that uses anything else gets `null` from `compileMachine`; the engine refuses to
 * step it (play.ts) and the game registry refuses to register it.
 */

/** The parts of XState's `StateNode` and transition definitions read here. */
interface Node {
  readonly key: string;
  readonly type: 'atomic' | 'compound' | 'parallel' | 'final' | 'history';
  readonly parent?: Node;
  readonly order: number;
  readonly states: Record<string, Node>;
  readonly entry: readonly unknown[];
  readonly exit: readonly unknown[];
  readonly invoke: readonly unknown[];
  readonly after: readonly unknown[];
  readonly always?: readonly Transition[];
  readonly transitions: ReadonlyMap<string, readonly Transition[]>;
  readonly initial: { readonly target: readonly Node[]; readonly actions: readonly unknown[] };
  readonly output?: unknown;
  readonly config: { readonly onDone?: unknown };
}

interface Transition {
  readonly source: Node;
  readonly target?: readonly Node[];
  readonly reenter: boolean;
  readonly guard?: unknown;
  readonly actions: readonly unknown[];
}

type Guard = (args: { context: unknown; event: unknown }) => boolean;
type Assignment = (args: { context: unknown; event: unknown }) => unknown;

/** A snapshot as XState builds it (`createMachineSnapshot`), minus its context and status. */
type SnapshotTemplate = Record<string, unknown> & { readonly value: StateValue };

interface Compiled {
  readonly machine: AnyStateMachine;
  readonly root: Node;
  readonly guards: ReadonlyMap<unknown, Guard>;
  readonly assignments: ReadonlyMap<unknown, Assignment>;
  /** Per atomic node: the snapshot fields that depend only on the active path. */
  readonly templates: Map<Node, SnapshotTemplate>;
  /** Per state value object met (ours are shared through the templates): its atomic node. */
  readonly leaves: WeakMap<object, Node>;
  /** Per atomic node: the candidates of `select`, leaf first (see `candidatesOf`). */
  readonly always: Map<Node, readonly Candidate[]>;
  readonly on: Map<Node, Map<string, readonly Candidate[]>>;
  /** Per transition and active atomic node: what taking it does (see `planOf`). */
  readonly plans: Map<Transition, Map<Node, Plan | null>>;
}

/** A transition `select` may take, with its guard resolved (undefined: unguarded). */
interface Candidate {
  readonly t: Transition;
  readonly guard: Guard | undefined;
}

/**
 * A microstep worked out once per transition and active leaf: the assignments in the order
 * they run (exits deepest first, the transition's own, entries outermost first) and the leaf
 * it ends in. Transitions that enter a final state have none (`microstep` does them in full).
 */
interface Plan {
  readonly assignments: readonly Assignment[];
  readonly leaf: Node;
}

export interface SteppableSnapshot {
  readonly value: StateValue;
  readonly context: unknown;
  readonly status: string;
}

/**
 * Keyed by the machine (its charts never change): a compiled chart holds only what the chart
 * determines — node walks, plans, snapshot templates — never anything of a game, so every game
 * and room of a kind may share it.
 */
const compiledMachines = new WeakMap<AnyStateMachine, Compiled | null>();

/** The compiled form of `machine`, or null when its chart uses what this module does not do. */
export function compileMachine(machine: AnyStateMachine): Compiled | null {
  let compiled = compiledMachines.get(machine);
  if (compiled === undefined) {
    compiled = compile(machine);
    compiledMachines.set(machine, compiled);
  }
  return compiled;
}

/**
 * The snapshot after `event`, as `machine.transition` would return it (same value, context,
 * status) — `snapshot` itself when no transition takes the event — or null when the machine is
 * not compiled or the snapshot is not an active state of its chart.
 */
export function compiledTransition(
  machine: AnyStateMachine,
  snapshot: SteppableSnapshot,
  event: { readonly type: string },
): SteppableSnapshot | null {
  const c = compileMachine(machine);
  if (c === null || snapshot.status !== 'active') return null;
  const leaf = leafOf(c, snapshot.value);
  if (leaf === null) return null;
  const state: StepState = { leaf, context: snapshot.context, owned: true, done: false };

  // The event: the deepest enabled transition on the active path. With none, XState's
  // snapshot stays as it was: the same object is returned, so the caller can tell.
  const chosen = select(state, event, onCandidates(c, leaf, event.type));
  if (chosen === null) return snapshot;
  if (microstep(c, state, chosen, event) === null) return null;
  // Then eventless transitions until the state is stable.
  for (;;) {
    if (state.done) break;
    const always = select(state, event, alwaysCandidates(c, state.leaf));
    if (always === null) break;
    const changed = microstep(c, state, always, event);
    if (changed === null) return null;
    if (!changed) break;
  }
  return snapshotOf(c, state);
}

interface StepState {
  leaf: Node;
  context: unknown;
  /**
   * Whether `context` is a merge result of this step (or still the input snapshot's context,
   * when no action ran); false while it is the object an assignment returned, which is copied
   * once when the step ends (see `runAssignments`).
   */
  owned: boolean;
  done: boolean;
}

/** The first enabled candidate (they come deepest node first, in document order). */
function select(
  state: StepState,
  event: unknown,
  candidates: readonly Candidate[],
): Transition | null {
  for (const { t, guard } of candidates) {
    if (guard === undefined || guard({ context: state.context, event })) return t;
  }
  return null;
}

// The lookups below run several times a step: each spells out its get-or-make (a shared helper
// taking a closure allocated a closure or two per call).

function alwaysCandidates(c: Compiled, leaf: Node): readonly Candidate[] {
  let candidates = c.always.get(leaf);
  if (candidates === undefined) {
    candidates = candidatesOf(c, leaf, (node) => node.always);
    c.always.set(leaf, candidates);
  }
  return candidates;
}

function onCandidates(c: Compiled, leaf: Node, type: string): readonly Candidate[] {
  let byType = c.on.get(leaf);
  if (byType === undefined) {
    byType = new Map();
    c.on.set(leaf, byType);
  }
  let candidates = byType.get(type);
  if (candidates === undefined) {
    candidates = candidatesOf(c, leaf, (node) => node.transitions.get(type));
    byType.set(type, candidates);
  }
  return candidates;
}

/** The transitions on the active path from `leaf` up to the root, in XState's order. */
function candidatesOf(
  c: Compiled,
  leaf: Node,
  transitionsOf: (node: Node) => readonly Transition[] | undefined,
): Candidate[] {
  const out: Candidate[] = [];
  for (let node: Node | undefined = leaf; node; node = node.parent) {
    for (const t of transitionsOf(node) ?? []) {
      out.push({ t, guard: t.guard === undefined ? undefined : c.guards.get(t.guard) });
    }
  }
  return out;
}

/**
 * Takes one transition. Returns whether anything happened (an action ran or the active path
 * changed) — XState stops its eventless loop on a step that changed nothing — or null for a
 * step this module leaves to XState.
 */
function microstep(c: Compiled, state: StepState, t: Transition, event: unknown): boolean | null {
  const plan = planOf(c, t, state.leaf);
  if (plan !== null) {
    runAssignments(state, plan.assignments, event);
    const moved = plan.leaf !== state.leaf;
    state.leaf = plan.leaf;
    return plan.assignments.length > 0 || moved;
  }
  return fullMicrostep(c, state, t, event);
}

function planOf(c: Compiled, t: Transition, leaf: Node): Plan | null {
  let byLeaf = c.plans.get(t);
  if (byLeaf === undefined) {
    byLeaf = new Map();
    c.plans.set(t, byLeaf);
  }
  let plan = byLeaf.get(leaf);
  if (plan === undefined) {
    plan = makePlan(c, t, leaf);
    byLeaf.set(leaf, plan);
  }
  return plan;
}

function makePlan(c: Compiled, t: Transition, leaf: Node): Plan | null {
  const resolve = (actions: readonly unknown[]) =>
    actions.map((action) => c.assignments.get(action) as Assignment);
  if (!t.target || t.target.length === 0) return { assignments: resolve(t.actions), leaf };
  const path = microstepPath(c, t, leaf);
  if (path.entered.some((node) => node.type === 'final')) return null;
  return {
    assignments: [
      ...path.exited.flatMap((node) => resolve(node.exit)),
      ...resolve(t.actions),
      ...path.entered.flatMap((node) => resolve(node.entry)),
    ],
    leaf: path.leaf,
  };
}

/** The nodes a transition with a target exits and enters from `leaf`, and the leaf it ends in. */
function microstepPath(
  c: Compiled,
  t: Transition,
  from: Node,
): { exited: Node[]; entered: Node[]; leaf: Node } {
  const target = (t.target as readonly Node[])[0] as Node;
  const domain = transitionDomain(t, target, c.root);
  // Exits: the active nodes below the domain (and the domain itself when re-entered),
  // deepest first.
  const exited: Node[] = [];
  for (let node: Node | undefined = from; node && node !== domain; node = node.parent) {
    exited.push(node);
  }
  if (t.reenter && t.source === domain) exited.push(domain);
  // Entries: the target's ancestors below the domain, the target unless it is the source
  // staying put, then its initial descendants — outermost first.
  const entered: Node[] = [];
  if (target !== domain) {
    for (let node = target.parent; node && node !== domain; node = node.parent)
      entered.unshift(node);
  }
  if (t.source !== target || t.source !== domain || t.reenter) entered.push(target);
  let leaf = target;
  while (leaf.type === 'compound') {
    leaf = leaf.initial.target[0] as Node;
    entered.push(leaf);
  }
  return { exited, entered, leaf };
}

/** `microstep` without a plan: one that enters a final state, or a targetless one. */
function fullMicrostep(
  c: Compiled,
  state: StepState,
  t: Transition,
  event: unknown,
): boolean | null {
  if (!t.target || t.target.length === 0) return runActions(c, state, t.actions, event) > 0;
  const { exited, entered, leaf } = microstepPath(c, t, state.leaf);

  let ran = 0;
  for (const node of exited) ran += runActions(c, state, node.exit, event);
  ran += runActions(c, state, t.actions, event);
  for (const node of entered) {
    ran += runActions(c, state, node.entry, event);
    if (node.type === 'final') {
      // Only a final child of the root is compiled: the machine is done, with no output.
      if (node.parent !== c.root) return null;
      state.done = true;
    }
  }
  const moved = leaf !== state.leaf;
  state.leaf = leaf;
  if (state.done) {
    // XState runs the exit actions of every active node once the machine is done.
    for (let node: Node | undefined = leaf; node; node = node.parent) {
      ran += runActions(c, state, node.exit, event);
    }
  }
  // XState's snapshot is a new object when an action ran or the active nodes changed.
  return ran > 0 || moved;
}

/** XState's `getTransitionDomain` for one target (no history states). */
function transitionDomain(t: Transition, target: Node, root: Node): Node {
  if (!t.reenter && (target === t.source || isDescendant(target, t.source))) return t.source;
  for (let a = target.parent; a; a = a.parent) {
    if (isDescendant(t.source, a)) return a;
  }
  return root;
}

function isDescendant(node: Node, ancestor: Node): boolean {
  for (let n = node.parent; n; n = n.parent) if (n === ancestor) return true;
  return false;
}

/** Runs the `assign`s in order; returns how many ran. */
function runActions(
  c: Compiled,
  state: StepState,
  actions: readonly unknown[],
  event: unknown,
): number {
  runAssignments(
    state,
    actions.map((action) => c.assignments.get(action) as Assignment),
    event,
  );
  return actions.length;
}

/**
 * Runs assignments in order. XState merges each update into a new copy of the context
 * (`Object.assign({}, context, update)`). Game machines' assigns return the whole next
 * context, with the context's keys in the same order: that merge is then a plain copy of the
 * update, which nothing reads but the next assignment. So such an update becomes the context
 * as it is, and only the context the step ends with is copied (`snapshotOf`) — one copy per
 * step instead of one per assign, with the same values seen by every guard and assignment.
 */
function runAssignments(
  state: StepState,
  assignments: readonly Assignment[],
  event: unknown,
): void {
  for (const assignment of assignments) {
    const update = assignment({ context: state.context, event });
    if (update === state.context || sameKeys(state.context, update)) {
      state.context = update;
      state.owned = false;
    } else {
      state.context = Object.assign({}, state.context, update);
      state.owned = true;
    }
  }
}

/** Whether both are objects with the same own enumerable keys in the same order. */
function sameKeys(context: unknown, update: unknown): boolean {
  if (typeof context !== 'object' || context === null) return false;
  if (typeof update !== 'object' || update === null) return false;
  const keys = Object.keys(context);
  // A plain update's keys are walked in place (`for…in` sees only own keys on a plain
  // object): one key array per assignment instead of two.
  if (Object.getPrototypeOf(update) === Object.prototype) return hasKeysInOrder(update, keys);
  const updated = Object.keys(update);
  return keys.length === updated.length && keys.every((k, i) => k === updated[i]);
}

function snapshotOf(c: Compiled, state: StepState): SteppableSnapshot {
  let template = c.templates.get(state.leaf);
  if (!template) {
    template = {
      ...(c.machine.resolveState({ value: pathValue(state.leaf), context: {} }) as object),
    } as SnapshotTemplate;
    c.templates.set(state.leaf, template);
    if (typeof template.value === 'object') c.leaves.set(template.value, state.leaf);
  }
  // A spread, then the two fields set: a spread with overriding keys is several times slower
  // in V8.
  const snapshot: Record<string, unknown> = { ...template };
  // The copy XState's last merge would have made (see `runAssignments`).
  snapshot['context'] = state.owned ? state.context : { ...(state.context as object) };
  snapshot['status'] = state.done ? 'done' : 'active';
  return snapshot as unknown as SteppableSnapshot;
}

/** The state value of the path from the root to `leaf`, e.g. `{ a: { b: 'c' } }`. */
function pathValue(leaf: Node): StateValue {
  let value: StateValue = leaf.key;
  for (let node = leaf.parent; node && node.parent; node = node.parent)
    value = { [node.key]: value };
  return value;
}

function leafOf(c: Compiled, value: StateValue): Node | null {
  if (typeof value === 'object') {
    const known = c.leaves.get(value);
    if (known) return known;
  }
  let node = c.root;
  let v: StateValue = value;
  for (;;) {
    if (typeof v === 'string') {
      const leaf = node.states[v];
      return leaf && (leaf.type === 'atomic' || leaf.type === 'final') ? leaf : null;
    }
    const keys = Object.keys(v);
    if (keys.length !== 1) return null;
    const key = keys[0] as string;
    const child = node.states[key];
    if (!child) return null;
    node = child;
    v = v[key] as StateValue;
  }
}

/** Checks the chart and resolves every guard and action it names; null when unsupported. */
function compile(machine: AnyStateMachine): Compiled | null {
  const root = machine.root as unknown as Node;
  if (root.output !== undefined) return null;
  const guards = new Map<unknown, Guard>();
  const assignments = new Map<unknown, Assignment>();
  const implementations = machine.implementations as {
    guards: Record<string, unknown>;
    actions: Record<string, unknown>;
  };

  const resolveGuard = (guard: unknown): boolean => {
    const fn = typeof guard === 'string' ? implementations.guards[guard] : guard;
    // Built-in guards (`and`, `not`, …) carry a `check`; parameterised ones an object.
    if (typeof fn !== 'function' || 'check' in fn) return false;
    guards.set(guard, fn as Guard);
    return true;
  };
  const resolveAction = (action: unknown): boolean => {
    const fn = typeof action === 'string' ? implementations.actions[action] : action;
    if (typeof fn !== 'function') return false;
    const assign = fn as unknown as { type?: unknown; assignment?: unknown };
    if (assign.type !== 'xstate.assign' || typeof assign.assignment !== 'function') return false;
    assignments.set(action, assign.assignment as Assignment);
    return true;
  };
  const transitionOk = (t: Transition): boolean =>
    (t.target?.length ?? 0) <= 1 &&
    !(t.reenter && t.source === root) &&
    (t.guard === undefined || resolveGuard(t.guard)) &&
    t.actions.every(resolveAction);

  const visit = (node: Node): boolean => {
    if (node.type === 'parallel' || node.type === 'history') return false;
    if (node.invoke.length > 0 || node.after.length > 0 || node.config.onDone) return false;
    if (node.type === 'final' && node.parent !== root) return false;
    if (node.type === 'compound' && node.initial.actions.length > 0) return false;
    if (!node.entry.every(resolveAction) || !node.exit.every(resolveAction)) return false;
    for (const [descriptor, list] of node.transitions) {
      if (descriptor.includes('*') || descriptor.startsWith('xstate.')) return false;
      if (!list.every(transitionOk)) return false;
    }
    if (node.always && !node.always.every(transitionOk)) return false;
    return Object.values(node.states).every(visit);
  };
  if (!visit(root)) return null;
  return {
    machine,
    root,
    guards,
    assignments,
    templates: new Map(),
    leaves: new WeakMap(),
    always: new Map(),
    on: new Map(),
    plans: new Map(),
  };
}
