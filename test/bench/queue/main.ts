/**
 * The room runner's per-command queue, `@veil/store`'s `Limiter(1)`, beside the hand-written
 * `SerialQueue` it replaced (the code before the change), in the same run: nanoseconds per task of an empty async task, with the tasks
 * queued one at a time (each awaited, as a quiet room's commands arrive) and in bursts (a
 * backlog). Rounds alternate between the queues so drift in the machine falls on both.
 * See test/bench/README.md.
 */
import { Limiter } from '@veil/store';
import {
  now,
  progress,
  round,
  say,
  table,
  type BenchOptions,
  type Figures,
} from '../common/bench.js';
import { SerialQueue } from './serial-queue.js';

type Run = (task: () => Promise<number>) => Promise<number>;

interface Subject {
  readonly name: 'serialQueue' | 'limiterRun' | 'limiterAcquire';
  readonly make: () => Run;
}

const task = async (): Promise<number> => 1;

const SUBJECTS: readonly Subject[] = [
  {
    name: 'serialQueue',
    make: () => {
      const q = new SerialQueue();
      return (t) => q.run(t);
    },
  },
  {
    name: 'limiterRun',
    make: () => {
      const l = new Limiter(1);
      return (t) => l.run(t);
    },
  },
  {
    // The lock form a caller that holds the slot across calls uses.
    name: 'limiterAcquire',
    make: () => {
      const l = new Limiter(1);
      return async (t) => {
        const release = await l.acquire();
        try {
          return await t();
        } finally {
          release();
        }
      };
    },
  },
];

/** Tasks awaited one by one: ns per task. */
async function oneAtATime(run: Run, tasks: number): Promise<number> {
  const began = now();
  let sum = 0;
  for (let i = 0; i < tasks; i++) sum += await run(task);
  if (sum !== tasks) throw new Error('a task was lost');
  return ((now() - began) * 1e6) / tasks;
}

/** `burst` tasks queued at once, then awaited together: ns per task. */
async function inBursts(run: Run, tasks: number, burst: number): Promise<number> {
  const began = now();
  let sum = 0;
  for (let done = 0; done < tasks; done += burst) {
    const results = await Promise.all(Array.from({ length: burst }, () => run(task)));
    for (const r of results) sum += r;
  }
  if (sum !== tasks) throw new Error('a task was lost');
  return ((now() - began) * 1e6) / tasks;
}

function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] as number;
}

export async function main(options: BenchOptions): Promise<Figures> {
  const burst = 64;
  // A whole number of bursts.
  const tasks = burst * (options.quick ? 1_600 : 6_400);
  const rounds = options.quick ? 7 : 15;
  const samples: Record<string, { one: number[]; burst: number[] }> = {};
  for (const s of SUBJECTS) samples[s.name] = { one: [], burst: [] };
  // Round 0 warms every path up (V8 tiers) and is not counted.
  for (let r = 0; r <= rounds; r++) {
    progress(`round ${r}/${rounds}`);
    const order = r % 2 === 0 ? SUBJECTS : [...SUBJECTS].reverse();
    for (const s of order) {
      const one = await oneAtATime(s.make(), tasks);
      const many = await inBursts(s.make(), tasks, burst);
      if (r === 0) continue;
      samples[s.name]?.one.push(one);
      samples[s.name]?.burst.push(many);
    }
  }
  const figures: Record<string, number> = {};
  for (const s of SUBJECTS) {
    figures[`${s.name}OneAtATimeNs`] = round(median(samples[s.name]?.one ?? []), 1);
    figures[`${s.name}BurstNs`] = round(median(samples[s.name]?.burst ?? []), 1);
  }
  const ratio = (name: string, mode: string) =>
    round((figures[`${name}${mode}Ns`] ?? 0) / (figures[`serialQueue${mode}Ns`] ?? 1), 2);
  const ratios = {
    limiterRunOneAtATime: ratio('limiterRun', 'OneAtATime'),
    limiterRunBurst: ratio('limiterRun', 'Burst'),
    limiterAcquireOneAtATime: ratio('limiterAcquire', 'OneAtATime'),
    limiterAcquireBurst: ratio('limiterAcquire', 'Burst'),
  };
  say();
  table(
    `ns per empty async task, median of ${rounds} rounds of ${tasks.toLocaleString('en-US')} (bursts of ${burst})`,
    SUBJECTS.map((s) => [
      s.name,
      `one at a time ${figures[`${s.name}OneAtATimeNs`]}, burst ${figures[`${s.name}BurstNs`]}`,
    ]),
  );
  table('Limiter(1) ÷ SerialQueue, same run', [
    ['run(), one at a time', String(ratios.limiterRunOneAtATime)],
    ['run(), burst', String(ratios.limiterRunBurst)],
    ['acquire()/release, one at a time', String(ratios.limiterAcquireOneAtATime)],
    ['acquire()/release, burst', String(ratios.limiterAcquireBurst)],
  ]);
  return { tasks, rounds, burst, ns: figures, ratios };
}
