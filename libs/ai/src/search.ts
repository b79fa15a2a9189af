import { Rng, type AnyGameModule, type GameSnapshot } from '@veil/engine';
import { byKey, candidates } from './candidates.js';
import type { SearchSettings } from './levels.js';
import { nextTurn, playout, score, seatsInPlay, step, type Rewards } from './playout.js';
import { TreeNode } from './tree.js';

/** What one search is given: the bot's view and legal actions, nothing else of the game. */
export interface SearchInput {
  readonly view: unknown;
  readonly seat: string;
  readonly legalActions: readonly unknown[];
  readonly settings: SearchSettings;
  readonly rng: Rng;
  /** Wall-clock cap (ms, as `now()` reads); checked before every iteration. */
  readonly deadline?: number;
  readonly now?: () => number;
}

export interface SearchResult {
  readonly action: unknown;
  readonly iterations: number;
  /** Root statistics by action key: how often each was tried and its mean reward. */
  readonly root: ReadonlyMap<string, { visits: number; mean: number }>;
  /** Rules steps taken (tree and playouts), for the speed bench's overhead ratio. */
  readonly steps: number;
  /** Iterations dropped because the rules threw on their sampled world. */
  readonly failedIterations: number;
}

/** One visited edge: the node it leads to and the seat whose action it was. */
interface Visit {
  readonly node: TreeNode;
  readonly actor: string;
}

/**
 * Information-set Monte Carlo tree search (docs/ai.md). Each iteration samples a full state
 * from the bot's view alone (`module.determinize`), descends the tree(s) by UCB1 over the
 * actions legal in that sample (availability counts), adds one node, plays out at most
 * `rolloutDepth` moves, scores the result for every seat and backs each seat's reward up the
 * edges that seat chose.
 *
 * `single` observer: one tree (the bot's); every action, its own or another seat's, is keyed
 * by `actionKey` — the opponents' moves as if the bot saw them. `multiple` observers: one
 * tree per seat; the acting seat chooses in its own tree by `actionKey(action, actor)`, and
 * every other seat's tree follows by `observedActionKey(action, actor, observer, state)` — what that
 * seat learns of it — so an opponent cannot choose by what it could not see.
 *
 * Moves forced in a sample (one legal action) add no node. The result is the most visited
 * root action; with a fixed rng and no deadline the search is deterministic.
 */
export function search(module: AnyGameModule, input: SearchInput): SearchResult {
  const { settings, rng, seat: bot } = input;
  const seats = seatsInPlay(module, input.view);
  const rootKeys = byKey(module, candidates(module, input.legalActions, bot), bot);
  const multiple = settings.observers === 'multiple';
  const treeSeats = multiple ? seats : [bot];
  const roots = new Map(treeSeats.map((s) => [s, new TreeNode()]));
  const now = input.now ?? Date.now;
  let iterations = 0;
  let steps = 0;
  let resampled = 0;
  let failed = 0;
  let lastError: unknown = null;
  while (iterations < settings.iterations) {
    if (input.deadline !== undefined && now() >= input.deadline) break;
    // Spread the resampling iterations evenly (deterministic, no extra draws).
    const resample =
      Math.floor((iterations + 1) * settings.resampleOwnShare) > resampled &&
      settings.resampleOwnShare > 0;
    if (resample) resampled++;
    iterations++;
    const sampleRng = new Rng(rng.fork());
    const sample = (resample: boolean) =>
      module.determinize(
        input.view,
        bot,
        sampleRng,
        resample ? { resampleOwn: true } : undefined,
      ) as GameSnapshot<unknown>;
    try {
      const descent = descend(module, sample(resample), resample ? () => sample(false) : null, {
        bot,
        rootKeys,
        roots,
        multiple,
        settings,
        rng,
      });
      steps += descent.steps;
      const out = playout(module, descent.state, settings.rolloutDepth, rng, descent.last);
      steps += out.steps;
      backUp(descent.visits, score(module, out.state, seats));
    } catch (error) {
      // A sampled world the rules cannot play on (a sample is only as consistent as the
      // determinizer makes it) is dropped; if none can be played, the error is the answer.
      failed++;
      lastError = error;
    }
  }
  if (iterations > 0 && failed === iterations) throw lastError;
  return {
    ...choose(roots.get(bot) as TreeNode, rootKeys, rng),
    iterations,
    steps,
    failedIterations: failed,
  };
}

interface Descent {
  readonly bot: string;
  readonly rootKeys: ReadonlyMap<string, unknown>;
  readonly roots: ReadonlyMap<string, TreeNode>;
  readonly multiple: boolean;
  readonly settings: SearchSettings;
  readonly rng: Rng;
}

/**
 * Down the tree(s) from `sample` to one new node. At the root the bot chooses among the actions
 * it was sent, all of them available in every iteration (they are what it can really play).
 * A sample that resampled the bot's own cards may not offer the one chosen (a card it does not
 * hold there); the iteration then goes on in an ordinary sample (`ordinary`), so resampling
 * never biases which root actions get tried.
 */
function descend(
  module: AnyGameModule,
  sample: GameSnapshot<unknown>,
  ordinary: (() => GameSnapshot<unknown>) | null,
  { bot, rootKeys, roots, multiple, settings, rng }: Descent,
): { state: GameSnapshot<unknown>; visits: Visit[]; steps: number; last: string | null } {
  const at = new Map(roots);
  const visits: Visit[] = [];
  let state = sample;
  let steps = 0;
  let atRoot = true;
  // The seat that acted last (deciders of a simultaneous choice take turns); the bot first.
  let last: string | null = null;
  for (;;) {
    const turn = nextTurn(module, state, last, atRoot ? bot : null);
    if (!turn) break;
    if (turn.legal.length === 1 && !atRoot) {
      state = step(module, state, turn.seat, turn.legal[0]);
      last = turn.seat;
      steps++;
      continue;
    }
    const treeSeat = multiple ? turn.seat : bot;
    const node = at.get(treeSeat) as TreeNode;
    const root = atRoot && turn.seat === bot;
    // Distinct keys of the actions legal here (equal keys are the same choice to the chooser),
    // of the game's candidates below the root; at the root the bot chooses among `rootKeys`
    // and plays this sample's action of that key.
    const here = byKey(
      module,
      root ? turn.legal : candidates(module, turn.legal, turn.seat),
      turn.seat,
    );
    const options = root ? rootKeys : here;
    atRoot = false;
    const untried: string[] = [];
    let best: string | null = null;
    let bestValue = -Infinity;
    for (const key of options.keys()) {
      const child = node.children.get(key);
      if (!child) {
        untried.push(key);
        continue;
      }
      child.available++;
      const value = child.ucb(settings.exploration);
      if (value > bestValue) {
        bestValue = value;
        best = key;
      }
    }
    const expand = untried.length > 0;
    const key = expand ? rng.pick(untried) : (best as string);
    const chosen = node.child(key);
    if (expand) chosen.available++;
    let action = here.get(key);
    if (action === undefined && root && ordinary) {
      state = ordinary();
      action = nextTurn(module, state, null, bot)?.legal.find(
        (a) => module.actionKey(a, bot) === key,
      );
    }
    // Only a sample that contradicts the view can lack a root action; it ends the descent.
    if (action === undefined) break;
    visits.push({ node: chosen, actor: turn.seat });
    at.set(treeSeat, chosen);
    if (multiple) {
      for (const [observer, observerNode] of at) {
        if (observer === turn.seat) continue;
        const seen = observerNode.child(
          module.observedActionKey(action, turn.seat, observer, state),
        );
        seen.available++;
        visits.push({ node: seen, actor: turn.seat });
        at.set(observer, seen);
      }
    }
    state = step(module, state, turn.seat, action);
    last = turn.seat;
    steps++;
    if (expand) break;
  }
  return { state, visits, steps, last };
}

function backUp(visits: readonly Visit[], rewards: Rewards): void {
  for (const { node, actor } of visits) {
    node.visits++;
    node.reward += rewards[actor] ?? 0;
  }
}

/** The most visited root action (ties: the better mean, then the first in legal order). */
function choose(
  root: TreeNode,
  rootKeys: ReadonlyMap<string, unknown>,
  rng: Rng,
): Pick<SearchResult, 'action' | 'root'> {
  const stats = new Map<string, { visits: number; mean: number }>();
  let best: string | null = null;
  let bestVisits = 0;
  let bestMean = -Infinity;
  for (const key of rootKeys.keys()) {
    const child = root.children.get(key);
    const visits = child?.visits ?? 0;
    const mean = child && child.visits > 0 ? child.reward / child.visits : 0;
    stats.set(key, { visits, mean });
    if (visits > bestVisits || (visits === bestVisits && visits > 0 && mean > bestMean)) {
      best = key;
      bestVisits = visits;
      bestMean = mean;
    }
  }
  // No iteration ran (a deadline already past): any legal action, from the seeded stream.
  const action = best === null ? rng.pick([...rootKeys.values()]) : rootKeys.get(best);
  return { action, root: stats };
}
