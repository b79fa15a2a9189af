import { decide, type BotLevel } from '@veil/ai';
import { applyAction, newGame, type AnyGameModule, type GameSnapshot } from '@veil/engine';
import { dune, type Faction } from '@veil/dune';

const module = dune as unknown as AnyGameModule;

/** Each level's budget (search iterations; greedy: determinizations), its own unless set. */
export type Budgets = Partial<Record<BotLevel, number>>;

export interface DuneGameResult {
  /** Empty when nobody won (or the game was cut off unfinished). */
  readonly winners: readonly string[];
  readonly reason: string;
  readonly actions: number;
  /** The turn the game ended in. */
  readonly turn: number;
  /** Decisions with a choice (more than one legal action), and how many the cap cut short. */
  readonly decisions: number;
  readonly cut: number;
  /** Those decisions per level: how many and their wall time. */
  readonly perLevel: PerLevel;
}

export type PerLevel = Partial<Record<BotLevel, { decisions: number; ms: number }>>;

export interface DuneGameSetup {
  readonly deal: string;
  readonly factions: readonly Faction[];
  /** Each faction's level. */
  readonly levels: Readonly<Record<string, BotLevel>>;
  readonly turns: number;
  readonly budgets: Budgets;
  /** A safety net, not the budget: a decision still running after this long is cut short. */
  readonly capMs: number;
}

/** A game past this many actions is cut off and scored as nobody's win ("unfinished"). */
const MAX_ACTIONS = 20_000;

/**
 * One Dune game from the seeded deal, each faction played by `decide` at its level on its own
 * view and legal actions (what an AI worker receives). When several seats may act (a
 * simultaneous choice), the one that acted least recently goes, as in `veil selfplay`.
 */
export function playDuneGame(setup: DuneGameSetup): DuneGameResult {
  const options = { factions: setup.factions, turns: setup.turns };
  let s: GameSnapshot<unknown> = newGame(module, options, setup.deal);
  const lastActed = new Map<string, number>();
  const perLevel: PerLevel = {};
  let decisions = 0;
  let cut = 0;
  for (let n = 0; n < MAX_ACTIONS; n++) {
    const outcome = module.outcome(s);
    const turn = module.turnNumber?.(s) ?? 0;
    if (outcome) {
      const { winners, reason } = outcome;
      return { winners, reason, actions: n, turn, decisions, cut, perLevel };
    }
    let seat: string | undefined;
    for (const d of module.deciders(s) as string[]) {
      if (module.legalActions(s, d).length === 0) continue;
      if (seat === undefined || (lastActed.get(d) ?? -1) < (lastActed.get(seat) ?? -1)) seat = d;
    }
    if (seat === undefined) throw new Error(`${setup.deal}: no seat can act at action ${n}`);
    const legalActions = module.legalActions(s, seat);
    const level = setup.levels[seat] as BotLevel;
    const began = Date.now();
    const deadline = began + setup.capMs;
    const { action } = decide(module, {
      view: module.view(s, seat),
      legalActions,
      seat,
      level,
      seed: `${setup.deal}:${n}`,
      iterations: setup.budgets[level],
      deadline,
    });
    if (legalActions.length > 1) {
      const ended = Date.now();
      decisions++;
      // The deadline passed while deciding: the search stopped early (checked per iteration).
      if (ended >= deadline) cut++;
      const mine = perLevel[level] ?? { decisions: 0, ms: 0 };
      perLevel[level] = { decisions: mine.decisions + 1, ms: mine.ms + (ended - began) };
    }
    s = applyAction(module, s, seat, action);
    lastActed.set(seat, n);
  }
  const turn = module.turnNumber?.(s) ?? 0;
  return {
    winners: [],
    reason: 'unfinished',
    actions: MAX_ACTIONS,
    turn,
    decisions,
    cut,
    perLevel,
  };
}
