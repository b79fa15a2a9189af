import { readFileSync } from 'node:fs';
import { BENCH_DRIVER_NODE_FLAGS, VEIL_NODE_FLAGS } from '@veil/cli';
import { describe, expect, it } from 'vitest';

// Veil's server processes run with the node flags of services/cli/src/node-flags.ts; the places that
// start one must pass them, or production and the benchmarks' game node drift apart.
const root = new URL('../../', import.meta.url);
const read = (path: string): string => readFileSync(new URL(path, root), 'utf8');

describe('the node flags of a Veil server process', () => {
  it('are in the Dockerfile command', () => {
    const cmd = read('Dockerfile')
      .split('\n')
      .find((line) => line.startsWith('CMD '));
    expect(JSON.parse(cmd?.slice(4) ?? '[]')).toEqual([
      'node',
      ...VEIL_NODE_FLAGS,
      'services/cli/bin/veil.js',
      'start',
    ]);
  });

  it("are in `npm start` (exec, so the server is npm's own process and stops with it)", () => {
    const { scripts } = JSON.parse(read('package.json')) as { scripts: Record<string, string> };
    expect(scripts['start']).toBe(
      `exec node ${VEIL_NODE_FLAGS.join(' ')} services/cli/bin/veil.js start`,
    );
  });

  it('are in `npm run bench` but the young generation, for a driver that pauses no more than what it measures', () => {
    const { scripts } = JSON.parse(read('package.json')) as { scripts: Record<string, string> };
    expect(scripts['bench']).toBe(
      `node ${BENCH_DRIVER_NODE_FLAGS.join(' ')} --import tsx test/bench/run.ts`,
    );
    expect(VEIL_NODE_FLAGS.filter((flag) => !BENCH_DRIVER_NODE_FLAGS.includes(flag))).toEqual([
      '--max-semi-space-size=64',
    ]);
  });

  it("are passed to the benchmarks' game node", () => {
    expect(read('test/bench/node-throughput/latency.ts')).toContain(
      'args: [...process.execArgv, ...VEIL_NODE_FLAGS, entry]',
    );
  });
});
