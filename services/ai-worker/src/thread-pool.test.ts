import { InProcessBroker } from '@veil/bus';
import { newGame, type AnyGameModule } from '@veil/engine';
import { parlor } from '@veil/parlor';
import { aiReplySchema, aiRequestSubject, type AiRequest } from '@veil/protocol';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startAiWorker, type AiWorker } from './ai-worker.js';
import { HandedBack } from './decision-job.js';
import { ThreadPool } from './thread-pool.js';
import { silentLogger } from '@veil/log';
import { decideWithAi } from './decider.js';

/** Real decision threads: each loads the game registry (plus Parlor) and runs `@veil/ai`. */
describe('AI worker on decision threads', () => {
  const module = parlor as unknown as AnyGameModule;
  const broker = new InProcessBroker();
  const client = broker.connect();
  let worker: AiWorker;

  beforeAll(async () => {
    worker = await startAiWorker({
      bus: broker.connect(),
      games: [module],
      threads: 2,
      gamePackages: ['@veil/parlor'],
      // Were a decision made on the calling thread, it would fail (`internal`): only threads decide.
      decider: () => {
        throw new Error('decided on the calling thread');
      },
    });
  }, 60_000);

  afterAll(async () => {
    await worker?.stop();
  });

  it('decides on its threads exactly what @veil/ai decides for the same request', async () => {
    const snapshot = newGame(module, {}, 'thread-test');
    const seat = module.deciders(snapshot)[0] as string;
    const input = {
      view: module.view(snapshot, seat),
      legalActions: module.legalActions(snapshot, seat),
      seat,
    };
    for (const level of ['greedy', 'ismcts'] as const) {
      const request: AiRequest = {
        roomId: 'r1',
        version: 0,
        level,
        deadline: Date.now() + 60_000,
        seed: `r1:0:${seat}:1`,
        ...input,
      };
      const reply = aiReplySchema.parse(
        await client.request(aiRequestSubject('parlor'), request, { timeoutMs: 60_000 }),
      );
      const expected = decideWithAi(module, { ...input, level, seed: request.seed as string });
      expect(reply).toEqual({ ok: true, roomId: 'r1', version: 0, action: expected.action });
    }
    const text = await worker.metrics.registry.metrics();
    expect(text).toMatch(/^veil_ai_decision_seconds_count\{game="parlor",level="ismcts"\} 1$/m);
    // The level's whole budget was spent (150 iterations), as the in-process decision spends it.
    const spent = decideWithAi(module, { ...input, level: 'ismcts', seed: `r1:0:${seat}:1` });
    expect(text).toMatch(
      new RegExp(
        `^veil_ai_iterations_total\\{game="parlor",level="ismcts"\\} ${spent.iterations}$`,
        'm',
      ),
    );
    expect(spent.iterations).toBeGreaterThan(0);
  });
});

describe('ThreadPool', () => {
  it('loads the registry in each thread, and hands back the running and the waiting job on close', async () => {
    const pool = await ThreadPool.start(1, silentLogger, ['@veil/parlor']);
    expect(pool.size).toBe(1);
    expect([...pool.games].sort()).toEqual(['dune', 'netrunner', 'parlor']);
    const module = parlor as unknown as AnyGameModule;
    const snapshot = newGame(module, {}, 'pool-test');
    const seat = module.deciders(snapshot)[0] as string;
    const job = {
      game: 'parlor',
      seat,
      level: 'expert' as const,
      view: module.view(snapshot, seat),
      legalActions: module.legalActions(snapshot, seat),
      seed: 's',
      deadline: Date.now() + 60_000,
    };
    // One job on the thread, one waiting; closing before either answer can arrive.
    const running = pool.run(job);
    const waiting = pool.run(job);
    expect(pool.waiting).toBe(1);
    const closed = pool.close();
    await expect(running).rejects.toBeInstanceOf(HandedBack);
    await expect(waiting).rejects.toBeInstanceOf(HandedBack);
    await closed;
    await expect(pool.run(job)).rejects.toBeInstanceOf(HandedBack);
  }, 60_000);
});
