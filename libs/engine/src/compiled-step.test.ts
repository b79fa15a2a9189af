import { describe, expect, it } from 'vitest';
import {
  assign,
  createMachine,
  fromPromise,
  initialTransition,
  setup,
  transition,
  type AnyStateMachine,
} from 'xstate';
import { compileMachine, compiledTransition, type SteppableSnapshot } from './compiled-step.js';
import { Rng } from './rng.js';

interface Trace {
  readonly n: number;
  readonly trace: readonly string[];
}

type TraceEvent = { type: 'go' } | { type: 'bump' } | { type: 'back' } | { type: 'again' };

/** Every entry, exit and transition action writes its name: the trace pins their order. */
const note = (name: string) =>
  assign<Trace, TraceEvent, undefined, TraceEvent, never>(({ context }) => ({
    trace: [...context.trace, name].slice(-12),
  }));

/**
 * A chart with what game machines use: nested states, targets by id across branches,
 * re-entry, targetless actions at the root, eventless chains with guards on the context, a
 * transition that changes nothing, and a final state.
 */
const traceMachine = setup({
  types: { context: {} as Trace, events: {} as TraceEvent },
  guards: {
    even: ({ context }) => context.n % 2 === 0,
    big: ({ context }) => context.n >= 40,
    third: ({ context }) => context.n % 3 === 0,
  },
  actions: {
    bump: assign(({ context }) => ({ n: context.n + 1 })),
    enterA: note('enter a'),
    exitA: note('exit a'),
    enterA1: note('enter a1'),
    exitA1: note('exit a1'),
    enterA2: note('enter a2'),
    exitA2: note('exit a2'),
    enterB: note('enter b'),
    exitB: note('exit b'),
    enterB1: note('enter b1'),
    enterB2: note('enter b2'),
    exitB2: note('exit b2'),
    go: note('go'),
    chain: note('chain'),
  },
}).createMachine({
  id: 'trace',
  context: { n: 0, trace: [] },
  initial: 'a',
  on: { bump: { actions: 'bump' } },
  always: { guard: 'big', target: '.done' },
  states: {
    a: {
      entry: 'enterA',
      exit: 'exitA',
      initial: 'a1',
      states: {
        a1: {
          entry: 'enterA1',
          exit: 'exitA1',
          on: {
            go: { target: 'a2', actions: 'go' },
            again: { target: 'a1', reenter: true, actions: 'go' },
          },
        },
        a2: {
          entry: 'enterA2',
          exit: 'exitA2',
          on: { go: { target: '#trace.b.b2', actions: 'go' }, back: 'a1' },
          always: { guard: 'third', actions: ['chain', 'bump'] },
        },
      },
    },
    b: {
      entry: 'enterB',
      exit: 'exitB',
      initial: 'b1',
      on: { back: { target: '#trace.a' } },
      states: {
        b1: {
          entry: 'enterB1',
          always: { guard: 'even', target: 'b2', actions: 'chain' },
          on: { again: 'b1' },
        },
        b2: {
          entry: 'enterB2',
          exit: 'exitB2',
          on: { go: { target: 'b1', actions: 'go' }, again: {} },
        },
      },
    },
    done: { type: 'final' },
  },
});

type Steppable = SteppableSnapshot;

function xstateStep(machine: AnyStateMachine, snapshot: Steppable, event: { type: string }) {
  const [next] = transition(machine, snapshot as never, event as never);
  return next as unknown as Steppable;
}

function start(): Steppable {
  const [first] = initialTransition(traceMachine);
  return first as unknown as Steppable;
}

/** What a snapshot is as game state: its value, context and status. */
function observable(a: Steppable) {
  return { value: a.value, context: a.context, status: a.status };
}

describe('compiled stepping follows XState', () => {
  it('in the order of entries, exits and transition actions, over random events', () => {
    expect(compileMachine(traceMachine)).not.toBeNull();
    const rng = Rng.from('compiled-step:trace');
    const events: TraceEvent[] = [
      { type: 'go' },
      { type: 'bump' },
      { type: 'back' },
      { type: 'again' },
    ];
    let snapshot = start();
    let steps = 0;
    let finals = 0;
    while (steps < 3_000) {
      if (snapshot.status !== 'active') {
        finals++;
        snapshot = start();
      }
      const event = rng.pick(events);
      const expected = xstateStep(traceMachine, snapshot, event);
      const actual = compiledTransition(traceMachine, snapshot, event);
      expect(actual).not.toBeNull();
      expect(observable(actual as Steppable)).toEqual(observable(expected));
      snapshot = actual as Steppable;
      steps++;
    }
    // The run went through the final state several times.
    expect(finals).toBeGreaterThan(3);
  });

  it('is a different result when the order is wrong (the comparison can fail)', () => {
    // The same chart with a2's always-actions swapped: the trace differs from XState's run of
    // the original chart on the same events, so the checks above would notice such a slip.
    const swapped = traceMachine.provide({
      actions: {
        chain: assign(({ context }: { context: Trace }) => ({ n: context.n + 1 })),
        bump: note('chain'),
      } as never,
    });
    let original = start();
    let changed = original;
    for (const type of ['bump', 'bump', 'go', 'bump', 'go'] as const) {
      original = xstateStep(traceMachine, original, { type });
      changed = compiledTransition(swapped, changed, { type }) as Steppable;
    }
    expect(observable(changed)).not.toEqual(observable(original));
  });
});

describe('compileMachine', () => {
  it('leaves charts it does not cover to XState', () => {
    const parallel = createMachine({
      type: 'parallel',
      states: { x: {}, y: {} },
    });
    const invoking = createMachine({
      initial: 'a',
      states: { a: { invoke: { src: fromPromise(async () => 1) } } },
    });
    const parameterised = setup({
      guards: { at: (_, params: { n: number }) => params.n > 0 },
    }).createMachine({
      initial: 'a',
      states: {
        a: { on: { go: { guard: { type: 'at', params: { n: 1 } }, target: 'b' } } },
        b: {},
      },
    });
    const nestedFinal = createMachine({
      initial: 'a',
      states: { a: { initial: 'x', states: { x: { on: { go: 'y' } }, y: { type: 'final' } } } },
    });
    const delayed = createMachine({ initial: 'a', states: { a: { after: { 10: 'b' } }, b: {} } });
    for (const machine of [parallel, invoking, parameterised, nestedFinal, delayed]) {
      expect(compileMachine(machine)).toBeNull();
    }
  });
});
