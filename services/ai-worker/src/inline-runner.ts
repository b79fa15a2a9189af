import type { AnyGameModule } from '@veil/engine';
import type { Decider } from './decider.js';
import {
  HandedBack,
  type DecisionJob,
  type DecisionRunner,
  type JobResult,
} from './decision-job.js';

/**
 * Decides on the calling thread (`threads: 0`): for tests that inject a decider, and for a
 * process that wants no threads. The answer comes a macrotask later, as a thread's would.
 */
export function inlineRunner(modules: readonly AnyGameModule[], decider: Decider): DecisionRunner {
  const byId = new Map(modules.map((m) => [m.id, m]));
  let closed = false;
  const pending = new Set<(error: Error) => void>();
  return {
    games: new Set(byId.keys()),
    run: (job: DecisionJob) =>
      new Promise<JobResult>((resolve, reject) => {
        if (closed) return reject(new HandedBack());
        pending.add(reject);
        setImmediate(() => {
          if (!pending.delete(reject)) return;
          const module = byId.get(job.game);
          if (!module) return reject(new Error(`game ${job.game} not served`));
          try {
            const started = performance.now();
            const decision = decider(module, job);
            resolve({ ...decision, seconds: (performance.now() - started) / 1000 });
          } catch (error) {
            reject(error instanceof Error ? error : new Error(String(error)));
          }
        });
      }),
    close: async () => {
      closed = true;
      for (const reject of pending) reject(new HandedBack());
      pending.clear();
    },
  };
}
