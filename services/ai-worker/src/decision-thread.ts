import { parentPort, workerData } from 'node:worker_threads';
import { decideWithAi } from './decider.js';
import type { DecisionJob } from './decision-job.js';
import { registryModules } from './served-games.js';

/**
 * One thread of the pool (started by `thread-bootstrap.mjs`). It loads the game modules from
 * the registry (with the extra packages in `workerData`), then answers `{id, job}` messages one at a time with `decideWithAi`. It keeps
 * nothing between jobs.
 */
export type ThreadMessage =
  | { readonly kind: 'ready'; readonly games: readonly string[] }
  | {
      readonly kind: 'done';
      readonly id: number;
      readonly action: DecisionJob['legalActions'][number];
      readonly iterations: number;
      readonly seconds: number;
    }
  | { readonly kind: 'failed'; readonly id: number; readonly message: string };

const port = parentPort;
if (port) {
  const extra = (workerData as { extraPackages?: string[] } | null)?.extraPackages ?? [];
  const modules = new Map((await registryModules(extra)).map((m) => [m.id, m]));
  const post = (message: ThreadMessage): void => port.postMessage(message);
  port.on('message', ({ id, job }: { id: number; job: DecisionJob }) => {
    const module = modules.get(job.game);
    if (!module) return post({ kind: 'failed', id, message: 'game not served' });
    try {
      const started = performance.now();
      const decision = decideWithAi(module, job);
      const seconds = (performance.now() - started) / 1000;
      post({ kind: 'done', id, ...decision, seconds });
    } catch (error) {
      post({ kind: 'failed', id, message: error instanceof Error ? error.message : String(error) });
    }
  });
  post({ kind: 'ready', games: [...modules.keys()] });
}
