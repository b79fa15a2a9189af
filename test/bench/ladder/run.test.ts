import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { appendResult, ladderRun, playsDeal, playsPair, readResults } from './run.js';

describe('a ladder run', () => {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'veil-ladder-run-'));
  const defaults = {
    quick: false,
    fileVariable: 'RESULTS',
    defaultFile: path.join(dir, 'default.jsonl'),
    maxDeals: 1500,
  };

  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('plays its shard of the deals from the first deal on, and only the pairs asked for', () => {
    const run = ladderRun(
      {
        VEIL_LADDER_FIRST_DEAL: '504',
        VEIL_LADDER_SHARD: '1/2',
        VEIL_LADDER_PAIRS: 'expert-ismcts',
      },
      defaults,
    );
    const played = Array.from({ length: 510 }, (_, deal) => deal).filter((d) => playsDeal(run, d));
    expect(played).toEqual([505, 507, 509]);
    expect(playsPair(run, 'expert', 'ismcts')).toBe(true);
    expect(playsPair(run, 'greedy', 'random')).toBe(false);
    const whole = ladderRun({}, defaults);
    expect(whole.file).toBe(defaults.defaultFile);
    expect([0, 1, 2].every((d) => playsDeal(whole, d))).toBe(true);
    expect(playsPair(whole, 'greedy', 'random')).toBe(true);
  });

  it('refuses a setting out of range before any game', () => {
    for (const [name, value] of [
      ['VEIL_LADDER_SHARD', '2/2'],
      ['VEIL_LADDER_SHARD', 'half'],
      ['VEIL_LADDER_FIRST_DEAL', '1500'],
      ['VEIL_LADDER_FIRST_DEAL', '-1'],
      ['VEIL_LADDER_MINUTES', 'soon'],
      ['VEIL_LADDER_MINUTES', '0'],
    ] as const) {
      expect(() => ladderRun({ [name]: value }, defaults), `${name}=${value}`).toThrow(name);
    }
  });

  it('keeps each game as a line of its results file, read back in order', () => {
    const file = path.join(dir, 'games.jsonl');
    const run = ladderRun({ RESULTS: file }, defaults);
    expect(run.file).toBe(file);
    expect(readResults(file)).toEqual([]);
    appendResult(file, { deal: 504, score: 1 });
    appendResult(file, { deal: 505, score: 0 });
    expect(readResults(file)).toEqual([
      { deal: 504, score: 1 },
      { deal: 505, score: 0 },
    ]);
  });
});
