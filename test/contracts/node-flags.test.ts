import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

// Every Veil process runs with a larger young generation (docs/operations.md); the places that
// start one must say so, or production and the benchmarks drift apart.
const FLAG = '--max-semi-space-size=64';
const root = new URL('../../', import.meta.url);
const read = (path: string): string => readFileSync(new URL(path, root), 'utf8');

describe('the Node heap flag every Veil process runs with', () => {
  it('is in the Dockerfile command', () => {
    const cmd = read('Dockerfile')
      .split('\n')
      .find((line) => line.startsWith('CMD '));
    expect(JSON.parse(cmd?.slice(4) ?? '[]')).toEqual([
      'node',
      FLAG,
      'services/cli/bin/veil.js',
      'start',
    ]);
  });

  it('is in `npm start` and `npm run bench`', () => {
    const { scripts } = JSON.parse(read('package.json')) as { scripts: Record<string, string> };
    expect(scripts['start']).toBe(`node ${FLAG} services/cli/bin/veil.js start`);
    expect(scripts['bench']).toBe(`node ${FLAG} --import tsx test/bench/run.ts`);
  });
});
