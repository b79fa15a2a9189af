import { InProcessBroker } from '@veil/bus';
import type { AnyGameModule } from '@veil/engine';
import { parlor } from '@veil/parlor';
import {
  AI_WORKERS_HELLO_SUBJECT,
  AI_WORKERS_SUBJECT,
  aiReplySchema,
  aiRequestSubject,
  type AiRequest,
} from '@veil/protocol';
import { describe, expect, it } from 'vitest';
import { startAiWorker, type AiWorkerOptions } from './ai-worker.js';
import { decideWithAi } from './decider.js';
import { randomBotAction } from './random-bot.js';

const games = [parlor as unknown as AnyGameModule];
const legalActions = [{ type: 'draw' }, { type: 'end' }, { type: 'play', card: 3, kind: 'gem' }];
const request = (overrides: Partial<AiRequest> = {}): AiRequest => ({
  roomId: 'r1',
  seat: 'p2',
  version: 4,
  level: 'random',
  view: { hand: [] },
  legalActions,
  deadline: Date.now() + 60_000,
  seed: 'r1:4:p2:1',
  ...overrides,
});

async function worker(options: Partial<AiWorkerOptions> = {}) {
  const broker = new InProcessBroker();
  const client = broker.connect();
  const started = await startAiWorker({ bus: broker.connect(), games, threads: 0, ...options });
  const ask = async (message: unknown, game = 'parlor') =>
    aiReplySchema.parse(await client.request(aiRequestSubject(game), message));
  return { broker, client, worker: started, ask };
}

describe('random bot', () => {
  it('picks among the legal actions it was sent, the same one for the same request', () => {
    const picks = new Set<string>();
    for (let version = 0; version < 60; version += 1) {
      const action = randomBotAction(request({ version, seed: undefined }));
      expect(legalActions).toContainEqual(action);
      expect(randomBotAction(request({ version, seed: undefined }))).toEqual(action);
      picks.add(JSON.stringify(action));
    }
    // Uniform over three actions: sixty draws cover all of them.
    expect(picks.size).toBe(3);
  });
});

describe('AI worker', () => {
  it('answers in the queue group with the action @veil/ai decides from the request alone', async () => {
    const { client, worker: w, ask } = await worker();
    const reply = await ask(request());
    const expected = decideWithAi(parlor as unknown as AnyGameModule, {
      view: { hand: [] },
      legalActions,
      seat: 'p2',
      level: 'random',
      seed: 'r1:4:p2:1',
    });
    expect(reply).toEqual({ ok: true, roomId: 'r1', version: 4, action: expected.action });
    await w.stop();
    await expect(client.request(aiRequestSubject('parlor'), request())).rejects.toMatchObject({
      code: 'no_responders',
    });
  });

  it('refuses late requests and levels it does not serve, and ignores malformed ones', async () => {
    const { client, worker: w, ask } = await worker({ levels: ['random', 'greedy'] });
    expect(w.serving).toEqual({ parlor: ['random', 'greedy'] });
    expect(await ask(request({ deadline: Date.now() - 1 }))).toMatchObject({
      ok: false,
      error: { code: 'timeout' },
    });
    // Never played at another level: refused, so the node retries and then says it fell back.
    expect(await ask(request({ level: 'expert' }))).toMatchObject({
      ok: false,
      roomId: 'r1',
      version: 4,
      error: { code: 'bot_level_unavailable' },
    });
    // Anything beyond the projection (here a state) makes the request malformed: not read.
    await expect(
      client.request(aiRequestSubject('parlor'), { ...request(), state: {} }, { timeoutMs: 100 }),
    ).rejects.toMatchObject({ code: 'timeout' });
    await w.stop();
  });

  it('counts answers, decisions and iterations per game and level', async () => {
    const { worker: w, ask } = await worker();
    await ask(request());
    await ask(request({ level: 'greedy', deadline: Date.now() - 1 }));
    const text = await w.metrics.registry.metrics();
    expect(text).toMatch(/^veil_ai_answers_total\{game="parlor",level="random",result="ok"\} 1$/m);
    expect(text).toMatch(
      /^veil_ai_answers_total\{game="parlor",level="greedy",result="timeout"\} 1$/m,
    );
    expect(text).toMatch(/^veil_ai_decision_seconds_count\{game="parlor",level="random"\} 1$/m);
    expect(text).toMatch(/^veil_ai_iterations_total\{game="parlor",level="random"\} 0$/m);
    await w.stop();
  });

  it('says what it serves at start, again on hello, and bye when it stops', async () => {
    const broker = new InProcessBroker();
    const listener = broker.connect();
    const heard: unknown[] = [];
    await listener.subscribe(AI_WORKERS_SUBJECT, ({ data }) => void heard.push(data));
    const w = await startAiWorker({
      bus: broker.connect(),
      games,
      threads: 0,
      levels: ['random', 'expert'],
      workerId: 'ai-test',
      announceTtlMs: 60_000,
    });
    const serving = {
      kind: 'serving',
      worker: 'ai-test',
      ttlMs: 60_000,
      games: { parlor: ['random', 'expert'] },
    };
    await eventually(() => heard.length === 1);
    listener.publish(AI_WORKERS_HELLO_SUBJECT, { kind: 'hello' });
    await eventually(() => heard.length === 2);
    await w.stop();
    await eventually(() => heard.length === 3);
    expect(heard).toEqual([serving, serving, { kind: 'bye', worker: 'ai-test' }]);
  });
});

describe('think time', () => {
  /** A clock that only moves when the worker waits: every delay it asks for is recorded. */
  function fakeTime() {
    let t = 1_000_000;
    const waits: number[] = [];
    return {
      waits,
      now: () => t,
      sleep: (ms: number) => {
        waits.push(ms);
        t += ms;
        return Promise.resolve();
      },
      elapsed: async (run: () => Promise<unknown>) => {
        const from = t;
        await run();
        return t - from;
      },
    };
  }

  it('delays every answer by the same schedule, whatever the hand or the number of choices', async () => {
    const time = fakeTime();
    const { ask, worker: w } = await worker({
      thinkTime: { minMs: 800, jitterMs: 400 },
      now: time.now,
      sleep: time.sleep,
    });
    const deadline = time.now() + 60_000;
    // Same public seed; the bot's own hidden hand differs, and the second move is forced.
    const many = request({ deadline, view: { hand: ['gem', 'coin', 'gem'] } });
    const forced = request({ deadline, view: { hand: [] }, legalActions: [{ type: 'end' }] });
    const first = await time.elapsed(() => ask(many));
    const second = await time.elapsed(() => ask(forced));
    expect(first).toBe(second);
    expect(first).toBeGreaterThanOrEqual(800);
    expect(first).toBeLessThan(1_200);
    expect(time.waits).toEqual([first, second]);
    // The jitter is there: another request's seed gives another delay.
    const other = await time.elapsed(() => ask(request({ deadline, seed: 'r1:5:p2:1' })));
    expect(other).not.toBe(first);
    await w.stop();
  });

  it('answers as soon as decided with no think time (the default, and in tests)', async () => {
    const time = fakeTime();
    const { ask, worker: w } = await worker({ now: time.now, sleep: time.sleep });
    expect(await time.elapsed(() => ask(request({ deadline: time.now() + 60_000 })))).toBe(0);
    expect(time.waits).toEqual([]);
    await w.stop();
  });
});

async function eventually(check: () => boolean): Promise<void> {
  for (let i = 0; i < 200 && !check(); i += 1) await new Promise((r) => setTimeout(r, 5));
  expect(check()).toBe(true);
}
