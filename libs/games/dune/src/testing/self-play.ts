import { applyAction, applyPolicy, newGame, Rng, type GameSnapshot } from '@veil/engine';
import { FACTION_IDS } from '../data/types.js';
import { dune } from '../module.js';
import type { DuneState, Faction } from '../state/types.js';

export interface SelfPlayResult {
  readonly seed: number;
  readonly factions: readonly Faction[];
  readonly steps: number;
  readonly turn: number;
  readonly winners: readonly Faction[];
  readonly reason: string;
  /** The kinds of the windows seen open between steps. */
  readonly windowKinds: ReadonlySet<string>;
}

/**
 * One seeded random-legal game: 2–6 random factions, each step a random decider plays a random
 * legal action, until the game ends. Throws on a deadlock (nobody to act, or a decider with no
 * legal action) or when `maxSteps` runs out. `stop`: window kinds every seat is asked in (its
 * standing policy `stop`) instead of the game's default.
 */
export function playRandomDune(
  seed: number,
  maxSteps = 20_000,
  stop: readonly string[] = [],
): SelfPlayResult & { readonly log: DuneState['log'] } {
  const rng = Rng.from(`dune-self-play:${seed}`);
  const count = 2 + rng.int(5);
  const factions = rng.shuffle(FACTION_IDS).slice(0, count);
  let s: GameSnapshot<DuneState> = newGame(dune, { factions }, seed);
  for (const kind of stop) for (const f of factions) s = applyPolicy(dune, s, f, kind, 'stop');
  let steps = 0;
  const windowKinds = new Set<string>();
  while (dune.outcome(s) === null) {
    for (const w of s.context.pauses.windows) windowKinds.add(w.kind);
    if (steps >= maxSteps) throw new Error(`seed ${seed}: no end after ${maxSteps} steps`);
    const deciders = dune.deciders(s);
    if (deciders.length === 0)
      throw new Error(`seed ${seed}: deadlock in ${JSON.stringify(s.value)}`);
    const seat = rng.pick(deciders);
    const actions = dune.legalActions(s, seat);
    if (actions.length === 0) throw new Error(`seed ${seed}: ${seat} decides with no legal action`);
    s = applyAction(dune, s, seat, rng.pick(actions));
    steps++;
  }
  const result = s.context.result;
  if (!result || s.status !== 'done')
    throw new Error(`seed ${seed}: outcome without a finished chart`);
  return {
    seed,
    factions,
    steps,
    turn: s.context.turn,
    winners: result.winners,
    reason: result.reason,
    windowKinds,
    log: s.context.log,
  };
}
