import { decide, type BotLevel } from '@veil/ai';
import { applyAction, newGame, type AnyGameModule, type GameSnapshot } from '@veil/engine';
import { EXPERT } from '@veil/ai';
import { cheatDecide } from './cheat.js';

/** A ladder entrant: one of the levels, or the benchmark's cheating UCT. */
export type Entrant = BotLevel | 'cheat';

/** Each entrant's budget: the level's own unless `budgets` says otherwise. */
export type Budgets = Partial<Record<Entrant, number>>;

export interface GameResult {
  /** Empty for a draw (or a game that did not finish). */
  readonly winners: readonly string[];
  readonly reason: string;
  readonly actions: number;
}

/** The most actions a ladder game may take; a longer one counts as a draw ("unfinished"). */
const MAX_ACTIONS = 5000;

/**
 * One game from the deal `seed`, each seat played by its entrant: a level through `decide` on
 * its seat's view and legal actions (what a worker gets), the cheat on the full state.
 */
export function playGame(
  module: AnyGameModule,
  seed: string,
  players: Readonly<Record<string, Entrant>>,
  budgets: Budgets,
): GameResult {
  let s: GameSnapshot<unknown> = newGame(module, {}, seed);
  for (let n = 0; n < MAX_ACTIONS; n++) {
    const outcome = module.outcome(s);
    if (outcome) return { winners: outcome.winners, reason: outcome.reason, actions: n };
    const seat = (module.deciders(s) as string[]).find((d) => module.legalActions(s, d).length > 0);
    if (seat === undefined) return { winners: [], reason: 'stuck', actions: n };
    const entrant = players[seat] as Entrant;
    const decisionSeed = `${seed}:${n}`;
    const action =
      entrant === 'cheat'
        ? cheatDecide(
            module,
            s,
            seat,
            { ...EXPERT, iterations: budgets.cheat ?? EXPERT.iterations },
            decisionSeed,
          ).action
        : decide(module, {
            view: module.view(s, seat),
            legalActions: module.legalActions(s, seat),
            seat,
            level: entrant,
            seed: decisionSeed,
            iterations: budgets[entrant],
          }).action;
    s = applyAction(module, s, seat, action);
  }
  return { winners: [], reason: 'unfinished', actions: MAX_ACTIONS };
}
