import { InProcessBroker } from '@veil/bus';
import { AI_WORKERS_HELLO_SUBJECT, AI_WORKERS_SUBJECT, type AiServing } from '@veil/protocol';
import { openPgliteRoomStore, type RoomStore } from '@veil/store';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { silentLogger } from '@veil/log';
import { BotLevels } from './bot-levels.js';
import { startGateway, type Gateway } from './gateway.js';

const serving = (worker: string, games: AiServing['games'], ttlMs = 10_000): AiServing => ({
  kind: 'serving',
  worker,
  ttlMs,
  games,
});

async function settle(): Promise<void> {
  for (let i = 0; i < 5; i += 1) await new Promise((r) => setImmediate(r));
}

describe('BotLevels', () => {
  it('offers the union of what live workers serve, weakest first, and forgets the gone', async () => {
    const broker = new InProcessBroker();
    const worker = broker.connect();
    let t = 1_000;
    const hellos: unknown[] = [];
    await worker.subscribe(AI_WORKERS_HELLO_SUBJECT, ({ data }) => void hellos.push(data));
    const levels = await BotLevels.start(broker.connect(), silentLogger, { now: () => t });
    await settle();
    // Starting, it asked the workers to speak.
    expect(hellos).toEqual([{ kind: 'hello' }]);

    worker.publish(AI_WORKERS_SUBJECT, serving('a', { netrunner: ['expert', 'random'] }));
    worker.publish(
      AI_WORKERS_SUBJECT,
      serving('b', { netrunner: ['greedy'], parlor: ['random'] }, 2_000),
    );
    await settle();
    expect(levels.all()).toEqual({ netrunner: ['random', 'greedy', 'expert'], parlor: ['random'] });
    expect(await levels.serves('netrunner', 'greedy')).toBe(true);
    expect(await levels.serves('netrunner', 'ismcts')).toBe(false);
    expect(await levels.serves('dune', 'random')).toBe(false);

    // b's word expires; a says bye.
    t += 2_000;
    expect(levels.all()).toEqual({ netrunner: ['random', 'expert'] });
    worker.publish(AI_WORKERS_SUBJECT, { kind: 'bye', worker: 'a' });
    worker.publish(AI_WORKERS_SUBJECT, { kind: 'serving', worker: 'x', games: 'all' });
    await settle();
    expect(levels.all()).toEqual({});
    await levels.stop();
  });

  it('answers a question asked before any worker spoke once one does', async () => {
    const broker = new InProcessBroker();
    const worker = broker.connect();
    const levels = await BotLevels.start(broker.connect(), silentLogger, { warmupMs: 60_000 });
    const answer = levels.serves('netrunner', 'ismcts');
    worker.publish(AI_WORKERS_SUBJECT, serving('a', { netrunner: ['ismcts'] }));
    expect(await answer).toBe(true);
    await levels.stop();
  });
});

describe('lobby API and bot levels', () => {
  let store: RoomStore;
  let gateway: Gateway;
  const broker = new InProcessBroker();

  beforeAll(async () => {
    store = await openPgliteRoomStore();
    const worker = broker.connect();
    // A worker serving two levels of Netrunner, answering every hello.
    const say = () =>
      worker.publish(AI_WORKERS_SUBJECT, serving('a', { netrunner: ['random', 'greedy'] }));
    await worker.subscribe(AI_WORKERS_HELLO_SUBJECT, say);
    gateway = await startGateway({ bus: broker.connect(), store, port: 0, host: '127.0.0.1' });
  }, 120_000);

  afterAll(async () => {
    await gateway?.close();
    await store?.close();
  });

  it('lists the levels the workers serve', async () => {
    const response = await fetch(new URL('/api/bots', gateway.url));
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ games: { netrunner: ['random', 'greedy'] } });
  });

  it('refuses a room with a bot at a level no worker serves, and creates nothing', async () => {
    const response = await fetch(new URL('/api/rooms', gateway.url), {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        game: 'netrunner',
        seats: { corp: { type: 'human' }, runner: { type: 'bot', level: 'expert' } },
      }),
    });
    expect(response.status).toBe(422);
    expect(await response.json()).toEqual({
      error: {
        code: 'bot_level_unavailable',
        message: 'No AI worker serves that bot level for this game now.',
      },
    });
    expect(await store.listRooms()).toEqual([]);
  });
});
