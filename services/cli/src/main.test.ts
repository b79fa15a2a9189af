import { afterEach, describe, expect, it, vi } from 'vitest';
import { main } from './main.js';

function capture() {
  const out: string[] = [];
  const err: string[] = [];
  vi.spyOn(console, 'log').mockImplementation((...a: unknown[]) => void out.push(a.join(' ')));
  vi.spyOn(console, 'error').mockImplementation((...a: unknown[]) => void err.push(a.join(' ')));
  vi.spyOn(process.stderr, 'write').mockImplementation(() => true);
  return { out, err };
}

afterEach(() => vi.restoreAllMocks());

describe('veil command', () => {
  it('selfplay --json ends with one JSON object of the documented shape', async () => {
    const { out } = capture();
    const code = await main([
      'selfplay',
      '--game',
      'parlor',
      '--games',
      '5',
      '--seed',
      '2',
      '--json',
    ]);
    expect(code).toBe(0);
    const summary = JSON.parse(out.at(-1)!);
    for (const key of ['games', 'finished', 'reasons', 'avgTurns', 'errors', 'p1Wins', 'p2Wins']) {
      expect(summary).toHaveProperty(key);
    }
    expect(summary.games).toBe(5);
  });

  it('cards netrunner --json lists every card with a status, and a note when partial', async () => {
    const { out } = capture();
    expect(await main(['cards', 'netrunner', '--json'])).toBe(0);
    const cards = JSON.parse(out.at(-1)!) as { code: string; status: string; notes: string }[];
    expect(cards).toHaveLength(79);
    for (const card of cards) {
      expect(['full', 'partial']).toContain(card.status);
      if (card.status === 'partial') expect(card.notes.length).toBeGreaterThan(0);
    }
  });

  it('answers bad usage with exit code 2 and a clear message', async () => {
    const { err } = capture();
    expect(await main(['selfplay', '--game', 'chess'])).toBe(2);
    expect(err.join('\n')).toMatch(/unknown game "chess"/);
    expect(await main(['selfplay', '--game', 'parlor', '--games', 'many'])).toBe(2);
    expect(err.join('\n')).toMatch(/--games must be an integer/);
    expect(await main(['selfplay', '--game', 'parlor', '--p1', 'expert'])).toBe(2);
    expect(err.join('\n')).toMatch(/only "random"/);
    expect(await main(['frobnicate'])).toBe(2);
  });
});
