import type { AiRequest } from '@veil/protocol';
import type { Decision } from './decider.js';

/**
 * One decision as it crosses into a thread: the request's projection and the game it is for.
 * Built only from a parsed `AiRequest`, so a thread never holds more than a request carried.
 */
export interface DecisionJob {
  readonly game: string;
  readonly seat: string;
  readonly level: AiRequest['level'];
  readonly view: AiRequest['view'];
  readonly legalActions: AiRequest['legalActions'];
  readonly seed: string;
  /** The search's wall-clock cap (epoch ms). */
  readonly deadline: number;
}

/** A decision and the time the search itself took. */
export interface JobResult extends Decision {
  readonly seconds: number;
}

/** Runs decisions somewhere: a pool of threads, or the calling thread (`threads: 0`). */
export interface DecisionRunner {
  /** The game ids it can decide for. */
  readonly games: ReadonlySet<string>;
  /** Rejects with `HandedBack` once `close` has been called. */
  run(job: DecisionJob): Promise<JobResult>;
  /** Stops: every job not yet answered rejects with `HandedBack`. */
  close(): Promise<void>;
}

/** The runner stopped before the job was answered: the request goes back to the node. */
export class HandedBack extends Error {
  override readonly name = 'HandedBack';
  constructor() {
    super('decision handed back: the worker is stopping');
  }
}
