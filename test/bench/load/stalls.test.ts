import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { stallsOf } from './stalls.js';

describe('stallsOf', () => {
  const dir = mkdtempSync(join(tmpdir(), 'veil-stalls-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  const lines = [
    { t: 900, gc: 'major', ms: 900 }, // before the step
    { t: 1_000, gc: 'other', ms: 5 },
    { t: 1_500, gc: 'major', ms: 300 },
    { t: 1_600, loopMaxMs: 120 },
    { t: 1_700, gc: 'major', ms: 40 },
    { t: 2_100, loopMaxMs: 2_000 }, // after it
  ];
  writeFileSync(join(dir, '42.jsonl'), `${lines.map((l) => JSON.stringify(l)).join('\n')}\n`);

  it("counts only the step's collections and loop delays", () => {
    expect(stallsOf(dir, 42, 1_000, 2_000)).toEqual({
      majorGcs: 2,
      majorGcMaxMs: 300,
      gcMs: 345,
      loopDelayMaxMs: 120,
    });
  });

  it('is null for a process that logged nothing', () => {
    expect(stallsOf(dir, 43, 0, 1)).toBeNull();
  });
});
