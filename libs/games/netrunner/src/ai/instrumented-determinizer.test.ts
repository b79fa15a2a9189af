import { describe, expect, it } from 'vitest';
import { BOT_LEVELS, decide, type BotLevel, type DecideInput } from '@veil/ai';
import type { GameSnapshot, Rng } from '@veil/engine';
import type { NetrunnerAction } from '../actions/types.js';
import { netrunner, type NetrunnerModule } from '../module.js';
import type { Game, Side } from '../state/types.js';
import type { NetrunnerView } from '../view/view.js';
import { choicePositions } from './positions.js';

/** Every object reachable from `root`. */
function objectsOf(root: unknown, into = new Set<object>()): Set<object> {
  const stack = [root];
  while (stack.length > 0) {
    const value = stack.pop();
    if (value === null || typeof value !== 'object' || into.has(value)) continue;
    into.add(value);
    for (const child of Object.values(value)) stack.push(child);
  }
  return into;
}

/**
 * Objects the rules share between all games (constant arrays such as a log line's "seen by
 * everyone"): found in the states of unrelated games, so they carry no game's secrets.
 */
const CONSTANTS = choicePositions(6, { seed: 9, every: 11 }).map((p) => p.snapshot.context);

type Input = DecideInput<Side, NetrunnerView, NetrunnerAction>;

/**
 * The module as the search sees it, instrumented: `determinize` must be handed exactly the
 * input's view and seat, and every state any other function is handed must share no object
 * with the authoritative state except through the view (a state the search got by any other
 * road than sampling the view would). `sample` is the determinizer used underneath.
 */
function instrument(
  authoritative: GameSnapshot<Game>,
  input: Input,
  sample: NetrunnerModule['determinize'] = netrunner.determinize,
) {
  const allowed = objectsOf(input.view, objectsOf(CONSTANTS));
  const hidden = new Set([...objectsOf(authoritative.context)].filter((o) => !allowed.has(o)));
  const checked = new WeakSet<object>();
  const violations: string[] = [];
  let determinizations = 0;
  const check = (what: string, snapshot: GameSnapshot<Game>): void => {
    const stack: [unknown, string][] = [[snapshot.context, '']];
    while (stack.length > 0) {
      const [value, path] = stack.pop() as [unknown, string];
      if (value === null || typeof value !== 'object' || checked.has(value)) continue;
      checked.add(value);
      if (hidden.has(value)) {
        violations.push(`${what} was handed a state sharing the authoritative ${path}`);
        return;
      }
      for (const [k, child] of Object.entries(value)) stack.push([child, `${path}.${k}`]);
    }
  };
  const module: NetrunnerModule = {
    ...netrunner,
    determinize(view: NetrunnerView, viewer: Side, rng: Rng, options) {
      determinizations++;
      if (view !== input.view) violations.push('determinize was handed another view');
      if (viewer !== input.seat) violations.push('determinize was asked for another seat');
      return sample(view, viewer, rng, options);
    },
    deciders: (s) => (check('deciders', s), netrunner.deciders(s)),
    legalActions: (s, seat) => (check('legalActions', s), netrunner.legalActions(s, seat)),
    legalActionsOfType: (s, seat, type) => (
      check('legalActionsOfType', s),
      netrunner.legalActionsOfType?.(s, seat, type) ?? []
    ),
    outcome: (s) => (check('outcome', s), netrunner.outcome(s)),
    evaluate: (s) => (check('evaluate', s), netrunner.evaluate?.(s) ?? { corp: 0.5, runner: 0.5 }),
    rolloutAction: (s, seat, legal, rng) => (
      check('rolloutAction', s),
      netrunner.rolloutAction?.(s, seat, legal, rng) ?? (legal[0] as NetrunnerAction)
    ),
    view: (s, viewer) => (check('view', s), netrunner.view(s, viewer)),
    log: (s) => (check('log', s), netrunner.log(s)),
    windows: (s) => (check('windows', s), netrunner.windows(s)),
  };
  return { module, violations, determinizations: () => determinizations };
}

/** The input, behind a proxy that records which of its fields the bot reads. */
function recorded(input: Input): { input: Input; read: Set<string> } {
  const read = new Set<string>();
  const proxy = new Proxy(input, {
    get(target, key, receiver) {
      read.add(String(key));
      return Reflect.get(target, key, receiver) as unknown;
    },
  });
  return { input: proxy, read };
}

const ALLOWED = new Set([
  'view',
  'legalActions',
  'seat',
  'level',
  'seed',
  'iterations',
  'deadline',
  'now',
]);
const BUDGET: Record<BotLevel, number | undefined> = {
  random: undefined,
  greedy: 2,
  ismcts: 16,
  expert: 16,
};
const POSITIONS = choicePositions(4, { seed: 2 });

function inputFor(s: GameSnapshot<Game>, seat: Side, level: BotLevel): Input {
  return {
    view: netrunner.view(s, seat),
    legalActions: netrunner.legalActions(s, seat),
    seat,
    level,
    seed: `instrumented:${level}`,
    iterations: BUDGET[level],
  };
}

describe('the search reads nothing but the view', () => {
  it('samples only the view it was given, and never touches the authoritative state', () => {
    expect(POSITIONS.length).toBe(4);
    for (const { snapshot, seat, where } of POSITIONS) {
      for (const level of BOT_LEVELS) {
        const base = inputFor(snapshot, seat, level);
        const { module, violations, determinizations } = instrument(snapshot, base);
        const { input, read } = recorded(base);
        const decision = decide(module, input);
        expect(violations, `${where} ${level}`).toEqual([]);
        expect(
          [...read].filter((k) => !ALLOWED.has(k)),
          `${where} ${level}`,
        ).toEqual([]);
        if (level === 'ismcts') {
          // One fresh determinization per iteration, and nothing else to search from.
          expect(determinizations()).toBe(decision.iterations);
          expect(decision.iterations).toBe(BUDGET[level]);
        }
        if (level === 'expert') {
          // Plus an ordinary sample for a resampling iteration whose root choice it lacked.
          expect(decision.iterations).toBe(BUDGET[level]);
          expect(determinizations()).toBeGreaterThanOrEqual(decision.iterations);
          expect(determinizations()).toBeLessThanOrEqual(decision.iterations * 1.25);
        }
        if (level === 'greedy') expect(determinizations()).toBe(BUDGET.greedy);
      }
    }
  });

  it('catches a determinizer that hands the search the authoritative state', () => {
    const { snapshot, seat } = POSITIONS[0] as (typeof POSITIONS)[number];
    for (const level of ['greedy', 'ismcts', 'expert'] as const) {
      const base = inputFor(snapshot, seat, level);
      const peeking = () => snapshot;
      const { module, violations } = instrument(snapshot, base, peeking);
      decide(module, base);
      expect(violations.length, level).toBeGreaterThan(0);
    }
  });
});
