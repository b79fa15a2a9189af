import type { AnyStateMachine, StateValue } from 'xstate';

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
 * deepest first, until none is enabled. Every `assign` merges into a shallow copy of the
 * context, as XState's does. `compiled-step.test.ts` checks snapshots against XState's own
 * transition, state by state, over games of both the fixture and Netrunner.
 *
 * A machine that uses anything else gets `null` from `compileMachine`, and its steps go
 * through XState.
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
}

export interface SteppableSnapshot {
  readonly value: StateValue;
  readonly context: unknown;
  readonly status: string;
}

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
 * status), or null when the machine is not compiled or the step would need XState (a final
 * state nested in a compound one).
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
  const state: StepState = { leaf, context: snapshot.context, done: false };

  // The event: the deepest enabled transition on the active path (none is also a step).
  const chosen = select(c, state, event, (node) => node.transitions.get(event.type));
  if (chosen !== null && microstep(c, state, chosen, event) === null) return null;
  // Then eventless transitions until the state is stable.
  for (;;) {
    if (state.done) break;
    const always = select(c, state, event, (node) => node.always);
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
  done: boolean;
}

function select(
  c: Compiled,
  state: StepState,
  event: unknown,
  transitionsOf: (node: Node) => readonly Transition[] | undefined,
): Transition | null {
  for (let node: Node | undefined = state.leaf; node; node = node.parent) {
    const candidates = transitionsOf(node);
    if (!candidates) continue;
    for (const t of candidates) {
      if (t.guard === undefined) return t;
      const guard = c.guards.get(t.guard) as Guard;
      if (guard({ context: state.context, event })) return t;
    }
  }
  return null;
}

/**
 * Takes one transition. Returns whether anything happened (an action ran or the active path
 * changed) — XState stops its eventless loop on a step that changed nothing — or null for a
 * step this module leaves to XState.
 */
function microstep(c: Compiled, state: StepState, t: Transition, event: unknown): boolean | null {
  if (!t.target || t.target.length === 0) return runActions(c, state, t.actions, event) > 0;
  const target = t.target[0] as Node;
  const domain = transitionDomain(t, target, c.root);
  // Exits: the active nodes below the domain (and the domain itself when re-entered),
  // deepest first.
  const exited: Node[] = [];
  for (let node: Node | undefined = state.leaf; node && node !== domain; node = node.parent) {
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
  for (const action of actions) {
    const assignment = c.assignments.get(action) as Assignment;
    state.context = merged(state.context, assignment({ context: state.context, event }));
  }
  return actions.length;
}

/**
 * `Object.assign({}, context, update)`, as XState's `assign` does. Game machines' assigns
 * return the whole next context: when `update` has the context's keys in the same order, the
 * result is a plain copy of it, which V8 makes an order of magnitude faster than the merge.
 */
function merged(context: unknown, update: unknown): unknown {
  if (typeof context === 'object' && context !== null && typeof update === 'object' && update) {
    const keys = Object.keys(context);
    const updated = Object.keys(update);
    if (keys.length === updated.length && keys.every((k, i) => k === updated[i])) {
      return { ...update };
    }
  }
  return Object.assign({}, context, update);
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
  return {
    ...template,
    context: state.context,
    status: state.done ? 'done' : 'active',
  } as unknown as SteppableSnapshot;
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
  return { machine, root, guards, assignments, templates: new Map(), leaves: new WeakMap() };
}
