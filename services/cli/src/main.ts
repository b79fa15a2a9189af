import { intOption, parseArgs, UsageError } from './args.js';
import { cliGames, gameEntry } from './games.js';
import { selfplay } from './selfplay.js';
import { runBotSelfplay } from './selfplay-report.js';
import { BOT_LEVELS, isBotLevel, MAX_ITERATIONS, type BotLevel } from '@veil/ai';
import { Rng, type AnyGameModule } from '@veil/engine';
import type { GameEntry, GameRegistry, SelfplaySettings } from '@veil/game-registry';

const USAGE = `usage: veil <command> [options]

commands:
  start
      run the server: gateway, game node and AI workers (VEIL_ROLE, PORT, DATABASE_URL,
      NATS_URL, VEIL_DATA_DIR; embedded PGlite and in-process bus by default)
  topology [--game-nodes N] [--ai-workers M] [--gateways G] [--dir D] [--port P] ...
      the production topology from local binaries: Postgres, nats-server with
      infra/nats/nats.conf, N game nodes, M AI workers and G gateways, each a \`veil start\`
      (defaults: those of docker-compose.yml); Ctrl-C stops it all (docs/operations.md)
  migrate [--json]
      bring the store's schema up to date and exit (the store \`start\` would open: DATABASE_URL,
      else PGlite under VEIL_DATA_DIR); \`start\` migrates too, this runs it ahead
  selfplay --game G --games N --seed S [--seats N|MIN-MAX] [--options JSON]
           [--<seat> LEVEL]... [--iterations N] [--json]
      play N games of G to the end and summarize how they ended: random-legal moves, or
      with --<seat> LEVEL (e.g. --corp expert --runner greedy) the AI workers' bots
      (levels: random, greedy, ismcts, expert; unnamed seats play random); --iterations
      overrides every level's budget; --options sets room options (a JSON object);
      --seats seats N players, or a seeded-random count from MIN to MAX per game
      (random-legal only, games with a variable number of seats; with bots name the
      seats by --options, e.g. Dune's {"factions":[...]})
  cards <game> [--json]
      list a game's cards with their implementation status (full | partial)

games: those of the game registry (VEIL_EXTRA_GAMES adds test games)
With --json the last line of output is one JSON value.`;

/** The `veil` command. Returns the process exit code. */
export async function main(
  argv: readonly string[],
  env: NodeJS.ProcessEnv = process.env,
): Promise<number> {
  const [command, ...rest] = argv;
  try {
    switch (command) {
      case 'selfplay':
        return runSelfplay(rest, await cliGames(env));
      // `return await`, so that a UsageError they reject with is caught below.
      case 'start':
        return await (await import('./start.js')).start(rest);
      case 'topology':
        return await (await import('./topology.js')).topology(rest);
      case 'migrate':
        return await (await import('./migrate.js')).migrate(rest);
      case 'cards':
        return runCards(rest, await cliGames(env));
      case undefined:
      case 'help':
      case '--help':
        console.log(USAGE);
        return command === undefined ? 2 : 0;
      default:
        throw new UsageError(`unknown command "${command}"`);
    }
  } catch (error) {
    if (error instanceof UsageError) {
      console.error(`veil: ${error.message}\n\n${USAGE}`);
      return 2;
    }
    throw error;
  }
}

function runSelfplay(argv: readonly string[], registry: GameRegistry): number {
  const own = ['game', 'games', 'seed', 'max-actions', 'iterations', 'seats', 'options'];
  const args = parseArgs(argv, { options: own, flags: ['json'], repeatable: 'any-other' });
  const gameId = args.options.get('game')?.at(-1);
  if (!gameId) throw new UsageError('selfplay needs --game');
  const entry = gameEntry(registry, gameId);
  const { module } = entry;
  const options = roomOptions(entry, args.options.get('options')?.at(-1));
  const seatRange = seatCounts(entry, args.options.get('seats')?.at(-1));
  const seats = checkedSeats(module, options);
  if (seatRange) {
    for (const n of [seatRange.min, seatRange.max])
      checkedSeats(module, { ...options, ...seatRange.seatOptions(n, Rng.from('check')) });
  }
  const levels: Record<string, BotLevel> = {};
  for (const [name, values] of args.options) {
    if (own.includes(name)) continue;
    if (!seats.includes(name))
      throw new UsageError(`unknown option --${name} (seats of ${gameId}: ${seats.join(', ')})`);
    const level = values.at(-1);
    if (!isBotLevel(level)) {
      throw new UsageError(`unknown bot level "${level}" (levels: ${BOT_LEVELS.join(', ')})`);
    }
    levels[name] = level;
  }
  const games = intOption(args, 'games', 100, 1);
  const seed = intOption(args, 'seed', 1);
  const maxActions = intOption(args, 'max-actions', entry.selfplay.maxActions, 1);
  const json = args.flags.has('json');
  if (Object.keys(levels).length > 0 || args.options.has('iterations')) {
    if (seatRange) throw new UsageError('--seats is for random-legal self-play only');
    const iterations = args.options.has('iterations')
      ? intOption(args, 'iterations', 1, 1)
      : undefined;
    if (iterations !== undefined && iterations > MAX_ITERATIONS) {
      throw new UsageError(`--iterations must be at most ${MAX_ITERATIONS}`);
    }
    return runBotSelfplay({ module, games, seed, levels, iterations, maxActions, options }, json);
  }
  const every = Math.max(1, Math.round(games / 20));
  const started = performance.now();
  const summary = selfplay({
    module,
    games,
    seed,
    maxActions,
    options,
    ...(seatRange ? { seats: seatRange } : {}),
    typeWeights: entry.selfplay.typeWeights,
    onGame: (done) => {
      if (done % every === 0 || done === games) {
        process.stderr.write(`selfplay ${gameId}: ${done}/${games} games\n`);
      }
    },
  });
  const seconds = (performance.now() - started) / 1000;
  if (!json) {
    console.log(`${summary.finished}/${summary.games} games finished in ${seconds.toFixed(1)} s`);
    console.log(`wins: ${JSON.stringify(summary.wins)}, draws: ${summary.draws}`);
    console.log(`reasons: ${JSON.stringify(summary.reasons)}`);
    console.log(
      `average turns: ${summary.avgTurns ?? 'n/a'}, average actions: ${summary.avgActions}, seats: ${JSON.stringify(summary.seatCounts)}`,
    );
    console.log(`errors: ${summary.errors}, deadlocks: ${summary.deadlocks}`);
    for (const f of summary.failures)
      console.log(`  ${f.kind} in game ${f.game} (seed ${f.seed}): ${f.message}`);
  }
  if (json) console.log(JSON.stringify(summary));
  return summary.errors + summary.deadlocks === 0 ? 0 : 1;
}

/** `--options`: a JSON object of room options the game takes (as a room would), `{}` without it. */
function roomOptions(entry: GameEntry, raw: string | undefined): Record<string, unknown> {
  if (raw === undefined) return {};
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw);
  } catch {
    throw new UsageError(`--options must be a JSON object, got "${raw}"`);
  }
  if (parsed === null || typeof parsed !== 'object' || Array.isArray(parsed))
    throw new UsageError(`--options must be a JSON object, got "${raw}"`);
  const checked = entry.options?.safeParse(parsed);
  if (checked && !checked.success) {
    const problems = checked.error.issues.map(
      (i) => `${i.path.join('.') || '(options)'}: ${i.message}`,
    );
    throw new UsageError(`bad room options: ${problems.join('; ')}`);
  }
  return parsed as Record<string, unknown>;
}

/** `--seats N` or `--seats MIN-MAX`, for a game whose registry entry seats a given count. */
function seatCounts(
  entry: GameEntry,
  raw: string | undefined,
): { min: number; max: number; seatOptions: NonNullable<SelfplaySettings['seatOptions']> } | null {
  if (raw === undefined) return null;
  const seatOptions = entry.selfplay.seatOptions;
  if (!seatOptions) throw new UsageError(`${entry.module.id} has a fixed number of seats`);
  const match = /^(\d+)(?:-(\d+))?$/.exec(raw);
  const min = Number(match?.[1]);
  const max = Number(match?.[2] ?? match?.[1]);
  if (!match || min < 1 || max < min)
    throw new UsageError(`--seats must be N or MIN-MAX, got "${raw}"`);
  return { min, max, seatOptions };
}

/** The seats of a game with these options; a game's refusal is a usage error, before any game. */
function checkedSeats(module: AnyGameModule, options: unknown): string[] {
  try {
    return module.seats(options) as string[];
  } catch (error) {
    throw new UsageError(
      `bad room options: ${error instanceof Error ? error.message : String(error)}`,
    );
  }
}

function runCards(argv: readonly string[], registry: GameRegistry): number {
  const args = parseArgs(argv, { options: [], flags: ['json'] });
  const [gameId] = args.positional;
  const withCards = [...registry.values()].filter((g) => g.cards).map((g) => g.module.id);
  const cards = gameId === undefined ? undefined : registry.get(gameId)?.cards;
  if (!cards) {
    throw new UsageError(
      `cards: unknown game "${gameId ?? ''}" (games with cards: ${withCards.join(', ')})`,
    );
  }
  if (args.flags.has('json')) {
    console.log(JSON.stringify(cards));
    return 0;
  }
  for (const card of cards) {
    console.log(
      `${card.code}  ${card.status.padEnd(7)}  ${card.title}${card.notes ? ` — ${card.notes}` : ''}`,
    );
  }
  const full = cards.filter((c) => c.status === 'full').length;
  console.log(`${full}/${cards.length} cards full`);
  return 0;
}
