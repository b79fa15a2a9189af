import { InProcessBroker } from '@veil/bus';
import { startAiWorker, type AiWorker } from '@veil/ai-worker';
import type { AnyGameModule } from '@veil/engine';
import { chooseBotMove } from '@veil/game';
import { createLogger } from '@veil/log';
import { parlor } from '@veil/parlor';
import { describe, expect, it } from 'vitest';

// The node's bot requests against real AI workers, on the in-process bus: a stopping worker
// hands its requests back and the node asks again at once; without any worker the node falls
// back to a random legal move, counted and logged.
const games = [parlor as unknown as AnyGameModule];
const request: Parameters<typeof chooseBotMove>[1] = {
  game: 'parlor',
  roomId: 'r1',
  seat: 'p2',
  version: 7,
  level: 'greedy',
  secret: 'f'.repeat(64),
  view: { hand: [] },
  legalActions: [{ type: 'end' }, { type: 'draw' }],
};

function logLines() {
  const lines: Record<string, unknown>[] = [];
  const logger = createLogger({}, 'debug', (line) => lines.push(JSON.parse(line)));
  return { lines, logger };
}

describe('bot requests and AI workers', () => {
  it('a stopping worker hands its request back and the node asks another at once', async () => {
    const broker = new InProcessBroker();
    let holding: () => void = () => {};
    const held = new Promise<void>((resolve) => (holding = resolve));
    // Worker A takes the request and "thinks" for ever: only its stop can end that.
    const a = await startAiWorker({
      bus: broker.connect(),
      games,
      threads: 0,
      levels: ['random'],
      thinkTime: { minMs: 60_000, jitterMs: 0 },
      sleep: () => {
        holding();
        return new Promise<never>(() => {});
      },
    });
    const { lines, logger } = logLines();
    // A node timeout far beyond the test's: the answer can only come from the hand-back.
    const move = chooseBotMove(broker.connect(), { ...request, level: 'random' }, logger, {
      timeoutMs: 3_600_000,
      attempts: 3,
    });
    await held;
    let b: AiWorker | null = null;
    try {
      b = await startAiWorker({ bus: broker.connect(), games, threads: 0, levels: ['random'] });
      await a.stop();
      const chosen = await move;
      expect(chosen).toMatchObject({ source: 'worker' });
      expect(request.legalActions).toContainEqual(chosen?.action);
      expect(lines.filter((l) => l['msg'] === 'bot answer refused')).toEqual([
        expect.objectContaining({ attempt: 1, code: 'unavailable' }),
      ]);
      const aMetrics = await a.metrics.registry.metrics();
      expect(aMetrics).toMatch(/veil_ai_answers_total\{[^}]*result="handed_back"\} 1$/m);
      expect(await b.metrics.registry.metrics()).toMatch(
        /veil_ai_answers_total\{[^}]*result="ok"\} 1$/m,
      );
    } finally {
      await b?.stop();
      await a.stop();
    }
  });

  it('falls back to a random legal move when no worker answers, counted by game and level', async () => {
    const broker = new InProcessBroker();
    const counted: { game: string; level: string }[] = [];
    const { lines, logger } = logLines();
    const move = await chooseBotMove(broker.connect(), { ...request, level: 'expert' }, logger, {
      timeoutMs: 1_000,
      attempts: 3,
      fallbacks: { inc: (labels) => void counted.push(labels) },
    });
    expect(move).toMatchObject({ source: 'fallback' });
    expect(counted).toEqual([{ game: 'parlor', level: 'expert' }]);
    expect(lines.filter((l) => String(l['msg']).startsWith('bot fallback'))).toEqual([
      expect.objectContaining({ game: 'parlor', level: 'expert', attempts: 3, seat: 'p2' }),
    ]);
  });
});
