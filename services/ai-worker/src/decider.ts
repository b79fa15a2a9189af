import { BOT_LEVELS, decide } from '@veil/ai';
import type { AnyGameModule } from '@veil/engine';
import type { AiRequest, BotLevel } from '@veil/protocol';

type Action = AiRequest['legalActions'][number];

/** What one decision is made from: the request's projection, never more (`@veil/ai`). */
export interface DecideInput {
  readonly view: AiRequest['view'];
  readonly legalActions: readonly Action[];
  readonly seat: string;
  readonly level: BotLevel;
  readonly seed: string;
  /** Wall-clock cap, epoch ms. */
  readonly deadline?: number;
}

export interface Decision {
  readonly action: Action;
  readonly iterations: number;
}

/** Chooses one of the legal actions; pure given its input (the thread pool runs `decideWithAi`). */
export type Decider = (module: AnyGameModule, input: DecideInput) => Decision;

/** The levels a worker serves unless configured otherwise: every level `@veil/ai` plays. */
export const DEFAULT_LEVELS: readonly BotLevel[] = BOT_LEVELS;

/** `@veil/ai`'s `decide`: the same code `veil selfplay` runs in process. */
export const decideWithAi: Decider = (module, input) => {
  const decision = decide(module, input);
  return { action: decision.action as Action, iterations: decision.iterations };
};
