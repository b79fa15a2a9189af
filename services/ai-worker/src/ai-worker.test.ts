import { InProcessBroker } from '@veil/bus';
import { aiReplySchema, aiRequestSubject, type AiRequest } from '@veil/protocol';
import { describe, expect, it } from 'vitest';
import { startAiWorker } from './ai-worker.js';
import { randomBotAction } from './random-bot.js';

const legalActions = [{ type: 'draw' }, { type: 'end' }, { type: 'play', card: 3, kind: 'gem' }];
const request = (overrides: Partial<AiRequest> = {}): AiRequest => ({
  roomId: 'r1',
  seat: 'p2',
  version: 4,
  level: 'random',
  view: { hand: [] },
  legalActions,
  deadline: Date.now() + 60_000,
  ...overrides,
});

describe('random bot', () => {
  it('picks among the legal actions it was sent, the same one for the same request', () => {
    const picks = new Set<string>();
    for (let version = 0; version < 60; version += 1) {
      const action = randomBotAction(request({ version }));
      expect(legalActions).toContainEqual(action);
      expect(randomBotAction(request({ version }))).toEqual(action);
      picks.add(JSON.stringify(action));
    }
    // Uniform over three actions: sixty draws cover all of them.
    expect(picks.size).toBe(3);
  });
});

describe('AI worker', () => {
  it('answers requests in the queue group with one legal action for that room and version', async () => {
    const broker = new InProcessBroker();
    const bus = broker.connect();
    const worker = await startAiWorker({ bus: broker.connect(), games: [{ id: 'parlor' }] });
    const reply = aiReplySchema.parse(
      await bus.request(aiRequestSubject('parlor'), request({ seed: 'abc' })),
    );
    expect(reply).toEqual({
      ok: true,
      roomId: 'r1',
      version: 4,
      action: randomBotAction(request({ seed: 'abc' })),
    });
    const late = aiReplySchema.parse(
      await bus.request(aiRequestSubject('parlor'), request({ deadline: Date.now() - 1 })),
    );
    expect(late).toMatchObject({ ok: false, error: { code: 'timeout' } });
    await expect(
      bus.request(aiRequestSubject('parlor'), { roomId: 'r1' }, { timeoutMs: 100 }),
    ).rejects.toMatchObject({ code: 'timeout' });
    await worker.stop();
    await expect(bus.request(aiRequestSubject('parlor'), request())).rejects.toMatchObject({
      code: 'no_responders',
    });
  });
});
