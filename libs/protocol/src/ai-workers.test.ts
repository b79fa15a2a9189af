import { describe, it } from 'vitest';
import {
  aiWorkersAnnouncementSchema,
  aiWorkersHelloSchema,
  botLevelsResponseSchema,
} from './ai-workers.js';
import { MAX_AI_GAMES } from './limits.js';
import { expectRefused, expectRoundTrip } from './test-support.js';

describe('aiWorkersAnnouncementSchema', () => {
  const serving = {
    kind: 'serving',
    worker: 'ai-1',
    ttlMs: 15_000,
    games: { netrunner: ['random', 'greedy', 'ismcts', 'expert'], parlor: ['random'] },
  };

  it('round-trips a worker serving games and a worker leaving', () => {
    expectRoundTrip(aiWorkersAnnouncementSchema, serving);
    expectRoundTrip(aiWorkersAnnouncementSchema, { kind: 'bye', worker: 'ai-1' });
    expectRoundTrip(aiWorkersHelloSchema, { kind: 'hello' });
  });

  const manyGames = Object.fromEntries(
    Array.from({ length: MAX_AI_GAMES + 1 }, (_, i) => [`g${i}`, ['random']]),
  );

  it.each([
    ['an unknown kind', { ...serving, kind: 'all' }, ['kind']],
    ['a worker id that is not a token', { ...serving, worker: 'ai.1' }, ['worker']],
    ['an unknown level', { ...serving, games: { netrunner: ['grandmaster'] } }, ['games']],
    ['a game with no level', { ...serving, games: { netrunner: [] } }, ['games', 'netrunner']],
    [
      'a level twice',
      { ...serving, games: { netrunner: ['random', 'random'] } },
      ['games', 'netrunner'],
    ],
    ['an unsafe game id', { ...serving, games: { 'a.b': ['random'] } }, ['games']],
    ['no game', { ...serving, games: {} }, ['games']],
    ['more games than one message holds', { ...serving, games: manyGames }, ['games']],
    ['a time to live under a second', { ...serving, ttlMs: 999 }, ['ttlMs']],
    ['an extra field', { ...serving, state: {} }, []],
  ])('refuses %s', (_name, variant, path) => {
    expectRefused(aiWorkersAnnouncementSchema, serving, variant, path);
  });
});

describe('botLevelsResponseSchema', () => {
  it('round-trips levels per game, and no game at all', () => {
    expectRoundTrip(botLevelsResponseSchema, { games: { netrunner: ['random', 'expert'] } });
    expectRoundTrip(botLevelsResponseSchema, { games: {} });
  });

  it('refuses an unknown level', () => {
    expectRefused(
      botLevelsResponseSchema,
      { games: { netrunner: ['random'] } },
      { games: { netrunner: ['hard'] } },
      ['games'],
    );
  });
});
