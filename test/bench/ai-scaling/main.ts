import { fileURLToPath } from 'node:url';
import { NatsBus, type Bus } from '@veil/bus';
import { netrunner } from '@veil/netrunner';
import { aiReplySchema, aiRequestSubject, type AiRequest, type BotLevel } from '@veil/protocol';
import { startProcess, type ManagedProcess } from '../../support/child-process.js';
import { freePort } from '../../support/free-port.js';
import { locateNatsServer } from '../../support/binaries.js';
import { midgamePositions } from '../ai-speed/positions.js';
import { progress, say, table, type BenchMain } from '../common/bench.js';

/**
 * `npm run bench -- ai-scaling`: the same bot-heavy load — many Netrunner bot decisions asked
 * at once, as game nodes ask them — answered by 1 and then by 3 AI worker processes (one
 * decision thread each, no think time; `veil start` with `VEIL_ROLE=ai`), over one NATS server. Figures: bot answers per second
 * for each, and their ratio. On a machine with fewer free cores than workers the ratio is
 * bounded by the cores, not by the workers: read it with `machine` beside it.
 */
const VEIL_BIN = fileURLToPath(new URL('../../../services/cli/bin/veil.js', import.meta.url));

const LEVEL: BotLevel = 'ismcts';
/** Requests in flight at once: more than any worker count here can take, so none idles. */
const IN_FLIGHT = 8;

export const main: BenchMain = async ({ quick }) => {
  const seconds = quick ? 10 : 30;
  const positions = midgamePositions(quick ? 8 : 20).map(({ snapshot, seat }) => ({
    seat,
    view: netrunner.view(snapshot, seat) as AiRequest['view'],
    legalActions: netrunner.legalActions(snapshot, seat) as AiRequest['legalActions'],
  }));
  progress(
    `${positions.length} midgame positions, level ${LEVEL}, ${IN_FLIGHT} requests in flight`,
  );
  const nats = await natsServer();
  const bus = await NatsBus.connect({ servers: nats.url, name: 'veil-bench-ai-driver' });
  const figures: Record<string, unknown> = { level: LEVEL, seconds, inFlight: IN_FLIGHT };
  // Alternated, so that a change in the machine's other load falls on both counts alike.
  const rounds = quick ? [1, 3, 1, 3] : [1, 3, 1, 3, 1, 3];
  const totals: Record<1 | 3, number> = { 1: 0, 3: 0 };
  try {
    for (const [round, workers] of rounds.entries()) {
      const children = await Promise.all(
        Array.from({ length: workers }, (_, i) => startWorker(`bench-ai-${round}-${i}`, nats.url)),
      );
      try {
        // Warm-up: every worker's thread compiles the search before the count starts.
        await drive(bus, positions, { answers: 3 * workers });
        const answered = await drive(bus, positions, { seconds });
        totals[workers as 1 | 3] += answered;
        figures[`round${round + 1}`] = { workers, answers: answered };
        progress(`${workers} worker(s): ${answered} answers in ${seconds} s`);
      } finally {
        await Promise.all(children.map(async (c) => void (await c.stop())));
      }
    }
  } finally {
    await bus.close();
    await nats.stop();
  }
  const perWorkerCount = (workers: 1 | 3) =>
    totals[workers] / (seconds * rounds.filter((w) => w === workers).length);
  const one = perWorkerCount(1);
  const three = perWorkerCount(3);
  figures['answersPerSecond'] = { workers1: one, workers3: three };
  figures['ratio3to1'] = three / one;
  table('Bot answers per second (Netrunner, ismcts, one decision thread per worker)', [
    ['1 worker', one.toFixed(2)],
    ['3 workers', three.toFixed(2)],
    ['ratio', (three / one).toFixed(2)],
  ]);
  say('The ratio is bounded by the cores the workers get; compare with `machine` in the JSON.');
  return figures;
};

/**
 * Keeps IN_FLIGHT requests going for `seconds` (answers counted: those that arrived in time),
 * or until `answers` have arrived.
 */
async function drive(
  bus: Bus,
  positions: readonly {
    seat: string;
    view: AiRequest['view'];
    legalActions: AiRequest['legalActions'];
  }[],
  stop: { seconds: number } | { answers: number },
): Promise<number> {
  const until = 'seconds' in stop ? Date.now() + stop.seconds * 1000 : Infinity;
  const enough = 'answers' in stop ? stop.answers : Infinity;
  let answered = 0;
  let next = 0;
  const loop = async (lane: number) => {
    while (Date.now() < until && answered < enough) {
      const index = next++;
      const position = positions[index % positions.length];
      if (!position) return;
      const request: AiRequest = {
        roomId: `bench-${lane}`,
        version: index,
        level: LEVEL,
        deadline: Date.now() + 60_000,
        seed: `bench:${index}`,
        ...position,
      };
      const reply = aiReplySchema.parse(
        await bus.request(aiRequestSubject('netrunner'), request, { timeoutMs: 60_000 }),
      );
      if (!reply.ok) throw new Error(`worker refused: ${reply.error.code}`);
      if (Date.now() <= until) answered += 1;
    }
  };
  await Promise.all(Array.from({ length: IN_FLIGHT }, (_, lane) => loop(lane)));
  return answered;
}

async function startWorker(name: string, natsUrl: string): Promise<ManagedProcess> {
  const child = await startProcess({
    name,
    command: process.execPath,
    args: [VEIL_BIN, 'start'],
    env: {
      ...process.env,
      VEIL_ROLE: 'ai',
      NATS_URL: natsUrl,
      VEIL_AI_WORKERS: '1',
      VEIL_AI_THREADS: '1',
      VEIL_AI_THINK_MS: '0',
      VEIL_AI_THINK_JITTER_MS: '0',
      LOG_LEVEL: 'info',
    },
  });
  await child.waitForOutput(/"msg":"veil started"/, 90_000);
  return child;
}

/** `NATS_URL` if set, else a nats-server of our own on a free port. */
async function natsServer(): Promise<{ url: string; stop(): Promise<void> }> {
  const given = process.env['NATS_URL'];
  if (given) return { url: given, stop: async () => {} };
  const located = locateNatsServer();
  if ('missing' in located) throw new Error(located.missing);
  const port = await freePort();
  const child = await startProcess({
    name: 'bench-nats',
    command: located.found,
    args: ['-a', '127.0.0.1', '-p', String(port)],
  });
  await child.waitForOutput(/Server is ready/, 30_000);
  return {
    url: `nats://127.0.0.1:${port}`,
    stop: async () => {
      await child.stop();
    },
  };
}
