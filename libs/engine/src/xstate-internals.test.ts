import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import { assign, setup } from 'xstate';
import { compileMachine } from './compiled-step.js';

/**
 * The compiled stepping (compiled-step.ts) reads XState's state nodes and transition
 * definitions, which are not XState's public API. XState is pinned to one exact version in
 * every package.json; an upgrade must pass this test, which names each internal it reads.
 */
const PINNED = '5.33.3';

const chart = setup({
  types: { context: {} as { n: number }, events: {} as { type: 'go' } },
  guards: { small: ({ context }) => context.n < 3 },
  actions: { bump: assign(({ context }) => ({ n: context.n + 1 })) },
}).createMachine({
  id: 'internals',
  context: { n: 0 },
  initial: 'a',
  states: {
    a: { entry: 'bump', on: { go: { guard: 'small', target: 'b', actions: 'bump' } } },
    b: { initial: 'x', states: { x: { always: { target: 'y' } }, y: {} } },
    done: { type: 'final' },
  },
});

describe('the XState internals compiled stepping reads', () => {
  it('come from the pinned XState version', () => {
    const require = createRequire(import.meta.url);
    const installed = JSON.parse(readFileSync(require.resolve('xstate/package.json'), 'utf8')) as {
      version: string;
    };
    expect(installed.version).toBe(PINNED);
    const own = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as {
      dependencies: Record<string, string>;
    };
    expect(own.dependencies['xstate']).toBe(PINNED);
  });

  it('are the state node fields: type, key, parent, states, entry, exit, invoke, after, always, transitions, initial, output, config.onDone', () => {
    const root = chart.root as unknown as Record<string, unknown>;
    const a = chart.root.states['a'] as unknown as Record<string, unknown>;
    const b = chart.root.states['b'] as unknown as Record<string, unknown>;
    const x = (chart.root.states['b'] as { states: Record<string, unknown> }).states['x'] as Record<
      string,
      unknown
    >;
    expect(root['type']).toBe('compound');
    expect(a['type']).toBe('atomic');
    expect(chart.root.states['done']?.type).toBe('final');
    expect(a['key']).toBe('a');
    expect(a['parent']).toBe(chart.root);
    expect(Object.keys(root['states'] as object)).toEqual(['a', 'b', 'done']);
    expect(a['entry']).toEqual(['bump']);
    expect(a['exit']).toEqual([]);
    expect(a['invoke']).toEqual([]);
    expect(a['after']).toEqual([]);
    expect(root['output']).toBeUndefined();
    expect((a['config'] as { onDone?: unknown }).onDone).toBeUndefined();
    const initial = b['initial'] as { target: unknown[]; actions: unknown[] };
    expect(x['parent']).toBe(b);
    expect(initial.target[0]).toBe(x);
    expect(initial.actions).toEqual([]);
    const always = x['always'] as { target: unknown[] }[];
    expect(always).toHaveLength(1);
    expect(always[0]?.target[0]).toBe((b['states'] as Record<string, unknown>)['y']);
  });

  it('are the transition fields (source, target, reenter, guard, actions) in `transitions`', () => {
    const a = chart.root.states['a'] as unknown as {
      transitions: Map<string, Record<string, unknown>[]>;
    };
    expect(a.transitions).toBeInstanceOf(Map);
    const [go] = a.transitions.get('go') ?? [];
    expect(go?.['source']).toBe(chart.root.states['a']);
    expect((go?.['target'] as unknown[])[0]).toBe(chart.root.states['b']);
    expect(go?.['reenter']).toBe(false);
    expect(go?.['guard']).toBe('small');
    expect(go?.['actions']).toEqual(['bump']);
  });

  it('are `implementations` and the `assign` action object (type `xstate.assign`, `assignment`)', () => {
    const impl = chart.implementations as {
      guards: Record<string, unknown>;
      actions: Record<string, { type?: unknown; assignment?: unknown }>;
    };
    expect(typeof impl.guards['small']).toBe('function');
    expect(impl.actions['bump']?.type).toBe('xstate.assign');
    expect(typeof impl.actions['bump']?.assignment).toBe('function');
    expect(compileMachine(chart)).not.toBeNull();
  });
});
