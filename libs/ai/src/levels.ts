/**
 * The bot levels every worker serves, weakest first, and what each spends. The budgets are
 * iterations (so a fixed seed gives a fixed answer); a caller's wall-clock deadline can only
 * cut them short. docs/ai.md gives the measured cost of each.
 */
export type BotLevel = 'random' | 'greedy' | 'ismcts' | 'expert';

export const BOT_LEVELS: readonly BotLevel[] = ['random', 'greedy', 'ismcts', 'expert'];

export function isBotLevel(value: unknown): value is BotLevel {
  return typeof value === 'string' && (BOT_LEVELS as readonly string[]).includes(value);
}

/** How a tree search spends its budget (see search.ts). */
export interface SearchSettings {
  /** `single`: one tree, the bot's (SO-ISMCTS); `multiple`: one tree per seat (MO-ISMCTS). */
  readonly observers: 'single' | 'multiple';
  readonly iterations: number;
  /** UCB1's exploration constant (rewards are in [0, 1]). */
  readonly exploration: number;
  /** Playout moves after the tree before the state is scored by the game's evaluation. */
  readonly rolloutDepth: number;
  /** Share of iterations, in [0, 1], whose determinization also resamples the bot's own hidden cards. */
  readonly resampleOwnShare: number;
}

/** One ply: each legal action scored by the evaluation, averaged over this many determinizations. */
export interface GreedySettings {
  readonly samples: number;
}

export const GREEDY: GreedySettings = { samples: 4 };

export const ISMCTS: SearchSettings = {
  observers: 'single',
  iterations: 150,
  exploration: 0.7,
  rolloutDepth: 12,
  resampleOwnShare: 0,
};

export const EXPERT: SearchSettings = {
  observers: 'multiple',
  iterations: 400,
  exploration: 0.7,
  rolloutDepth: 12,
  resampleOwnShare: 0.25,
};
