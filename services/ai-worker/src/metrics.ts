import { Counter, Histogram, Registry } from 'prom-client';

/**
 * The AI workers' Prometheus metrics, per game and level. Several workers of one process share
 * one instance (and the process's registry, which `veil start` serves on `/metrics`). Labels
 * never carry room ids or seats.
 *
 * Iterations per second of a level: `veil_ai_iterations_per_second` per decision, or over a
 * window `rate(veil_ai_iterations_total) / rate(veil_ai_decision_seconds_sum)`.
 */
export class AiWorkerMetrics {
  /** Seconds a search took on its thread (no queueing, no think time). */
  readonly decisionSeconds: Histogram<'game' | 'level'>;
  /** Each decision's iterations divided by its seconds (decisions that searched). */
  readonly iterationsPerSecond: Histogram<'game' | 'level'>;
  readonly iterations: Counter<'game' | 'level'>;
  /**
   * Requests by result: `ok`, `timeout` (past the deadline), `handed_back` (stopping),
   * `level_unavailable`, `internal`.
   */
  readonly answers: Counter<'game' | 'level' | 'result'>;
  /** Seconds from a request's arrival to its answer (queue, search and think time). */
  readonly answerSeconds: Histogram<'game' | 'level'>;

  constructor(readonly registry: Registry = new Registry()) {
    const registers = [registry];
    const labelNames = ['game', 'level'] as const;
    this.decisionSeconds = new Histogram({
      name: 'veil_ai_decision_seconds',
      help: 'Time one bot decision took on its thread, by game and level',
      labelNames,
      buckets: [0.001, 0.005, 0.01, 0.05, 0.1, 0.25, 0.5, 1, 2, 5],
      registers,
    });
    this.iterationsPerSecond = new Histogram({
      name: 'veil_ai_iterations_per_second',
      help: 'Search iterations per second of each decision that searched, by game and level',
      labelNames,
      buckets: [10, 30, 100, 300, 1_000, 3_000, 10_000, 30_000, 100_000],
      registers,
    });
    this.iterations = new Counter({
      name: 'veil_ai_iterations_total',
      help: 'Search iterations spent, by game and level',
      labelNames,
      registers,
    });
    this.answers = new Counter({
      name: 'veil_ai_answers_total',
      help: 'AI requests answered, by game, level and result',
      labelNames: ['game', 'level', 'result'],
      registers,
    });
    this.answerSeconds = new Histogram({
      name: 'veil_ai_answer_seconds',
      help: 'Time from an AI request to its answer (queue, search and think time)',
      labelNames,
      buckets: [0.005, 0.01, 0.05, 0.1, 0.25, 0.5, 1, 2, 5],
      registers,
    });
  }
}
