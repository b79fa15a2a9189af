/**
 * `npm run bench -- <name> [--quick] [--json]`: runs one benchmark of test/bench/<name>/.
 *
 * The human-readable figures go to stdout, progress to stderr; with `--json` the last line of
 * stdout is one JSON object with every figure. Timing never decides pass/fail: the exit code
 * is non-zero only when the benchmark itself could not run.
 */
import type { BenchMain, BenchOptions } from './common/bench.js';
import { machine } from './common/bench.js';

const BENCHMARKS: Record<string, { about: string; load: () => Promise<{ main: BenchMain }> }> = {
  'ai-speed': {
    about: 'bot decision time per level, search iterations/s and its overhead over raw rules steps',
    load: () => import('./ai-speed/main.js'),
  },
  'ai-scaling': {
    about: 'bot answers/s of the same bot-heavy load with 1 and with 3 AI worker processes',
    load: () => import('./ai-scaling/main.js'),
  },
  ladder: {
    about: 'bot strength: seeded Netrunner games between adjacent levels, Wilson intervals, SPRT',
    load: () => import('./ladder/main.js'),
  },
  'dune-ai-speed': {
    about: 'Dune bot decision time per level with and without the candidate filter, ratio',
    load: () => import('./dune-ai-speed/main.js'),
  },
  'dune-ladder': {
    about: 'bot strength on Dune: 4-seat games, one level against three of the level below, SPRT',
    load: () => import('./dune-ladder/main.js'),
  },
  'dune-apply': {
    about: 'Dune random self-play (2–6 seats) beside Netrunner: applied actions/s, µs per view',
    load: () => import('./dune-apply/main.js'),
  },
  load: {
    about:
      'Netrunner bot rooms on 2 game nodes + spectators on a gateway: actions/s, act → view vs floor',
    load: () => import('./load/main.js'),
  },
  'netrunner-apply': {
    about: 'Netrunner random self-play: applied actions/s, choose cost, view and snapshot costs',
    load: () => import('./netrunner-apply/main.js'),
  },
  'node-throughput': {
    about:
      'a tiny draw/play game: Veil in-process, Veil durable on Postgres, boardgame.io; NATS latency',
    load: () => import('./node-throughput/main.js'),
  },
  queue: {
    about: "the room runner's Limiter(1) beside the SerialQueue it replaced: ns per task, ratio",
    load: () => import('./queue/main.js'),
  },
  'side-by-side': {
    about:
      'two checkouts in one process, in turn: Netrunner replay and draw-play (a) (VEIL_BENCH_BEFORE)',
    load: () => import('./side-by-side/main.js'),
  },
  'search-side-by-side': {
    about:
      "two checkouts in one process, in turn: the bots' ismcts decisions, Netrunner and Dune (VEIL_BENCH_BEFORE)",
    load: () => import('./search-side-by-side/main.js'),
  },
  'snapshot-store': {
    about: 'a Netrunner snapshot written and read on Postgres: json + lz4 against jsonb + pglz',
    load: () => import('./snapshot-store/main.js'),
  },
  'socket-fanout': {
    about: 'spectator views/s through the gateway to N spectators per room, act → last spectator',
    load: () => import('./socket-fanout/main.js'),
  },
};

const FLAGS = new Set(['--quick', '--json']);

function usage(): string {
  const names = Object.entries(BENCHMARKS)
    .map(([name, { about }]) => `  ${name.padEnd(18)} ${about}`)
    .join('\n');
  return `usage: npm run bench -- <name> [--quick] [--json]\n\nbenchmarks:\n${names}\n`;
}

async function run(argv: readonly string[]): Promise<number> {
  const names = argv.filter((a) => !a.startsWith('--'));
  const flags = argv.filter((a) => a.startsWith('--'));
  if (flags.includes('--help') || flags.includes('-h')) {
    process.stdout.write(usage());
    return 0;
  }
  const unknownFlags = flags.filter((f) => !FLAGS.has(f));
  if (names.length !== 1 || unknownFlags.length > 0) {
    const problem =
      names.length === 0
        ? 'no benchmark named'
        : names.length > 1
          ? `one benchmark at a time, got ${names.join(', ')}`
          : `unknown option ${unknownFlags.join(', ')}`;
    process.stderr.write(`bench: ${problem}\n${usage()}`);
    return 2;
  }
  const name = names[0] as string;
  const bench = BENCHMARKS[name];
  if (!bench) {
    process.stderr.write(
      `bench: unknown benchmark "${name}"; known: ${Object.keys(BENCHMARKS).join(', ')}\n${usage()}`,
    );
    return 2;
  }
  const options: BenchOptions = {
    quick: flags.includes('--quick'),
    json: flags.includes('--json'),
  };
  // Benchmarks measure what a deployment runs: libraries' development-only checks off (e.g.
  // boardgame.io checks every move's state is serializable unless NODE_ENV is production).
  process.env['NODE_ENV'] ??= 'production';
  const { main } = await bench.load();
  const began = performance.now();
  const figures = await main(options);
  const result = {
    benchmark: name,
    quick: options.quick,
    ...figures,
    machine: { ...machine(), nodeEnv: process.env['NODE_ENV'] },
    wallSeconds: Math.round((performance.now() - began) / 100) / 10,
  };
  process.stdout.write(`${name}: done in ${result.wallSeconds} s\n`);
  if (options.json) process.stdout.write(`${JSON.stringify(result)}\n`);
  return 0;
}

run(process.argv.slice(2)).then(
  // Benchmarks may leave pools or timers behind; the figures are printed, so leave now.
  (code) => process.exit(code),
  (error: unknown) => {
    process.stderr.write(
      `bench: failed: ${error instanceof Error ? error.stack : String(error)}\n`,
    );
    process.exit(1);
  },
);
