import { MAX_TRUSTED_PROXIES } from '@veil/gateway';
import { BOT_LEVELS } from '@veil/protocol';
import { z } from 'zod';

/**
 * Every environment variable a Veil process reads, parsed in one place. Each entry's
 * description and default are what docs/operations.md lists (a test keeps the two in step), so
 * a variable is added here or nowhere.
 */

const wholeNumber = (min: number, max: number) =>
  z
    .string()
    .regex(/^\d+$/, 'must be a whole number')
    .transform(Number)
    .pipe(z.number().int().min(min).max(max));

const list = z
  .string()
  .transform((raw) => raw.split(',').map((item) => item.trim()))
  .pipe(z.array(z.string().min(1, 'must not have an empty item')).max(32));

/** A duration in milliseconds, positive and at most a day. */
const millis = wholeNumber(1, 86_400_000);

/** One variable: its schema, its default as the docs show it (`—`: none), what it means. */
const variable = <S extends z.ZodType>(schema: S, shown: string, meaning: string) => ({
  schema,
  shown,
  meaning,
});

export const CONFIG_VARIABLES = {
  VEIL_ROLE: variable(
    z.enum(['all', 'game', 'ai', 'gateway']).default('all'),
    '`all`',
    'what this process runs: `all`, `game`, `ai` or `gateway`',
  ),
  PORT: variable(wholeNumber(0, 65_535).default(3000), '3000', "the gateway's HTTP port"),
  HOST: variable(
    z.string().min(1).max(255).optional(),
    'all interfaces',
    "the gateway's interface",
  ),
  VEIL_TRUSTED_PROXIES: variable(
    wholeNumber(0, MAX_TRUSTED_PROXIES).default(0),
    '0',
    'proxies in front of the gateway that append to `X-Forwarded-For` (0: it is ignored)',
  ),
  VEIL_SOCKETS_PER_ADDRESS: variable(
    wholeNumber(1, 1_000_000).default(100),
    '100',
    'open sockets one client address may hold on a gateway (behind a proxy: see below)',
  ),
  DATABASE_URL: variable(
    z.url({ protocol: /^postgres(ql)?$/ }).optional(),
    '—',
    'Postgres; without it, PGlite under `VEIL_DATA_DIR`',
  ),
  VEIL_DATA_DIR: variable(
    z.string().min(1).default('./.veil'),
    '`./.veil`',
    'where PGlite keeps its files',
  ),
  NATS_URL: variable(
    z
      .string()
      .min(1)
      .max(2_048)
      // nats.js ignores credentials in a URL: one there would silently connect without them.
      .refine((urls) => !/:\/\/[^/,]*@/.test(urls), {
        message: 'must not hold credentials (set NATS_USER and NATS_PASSWORD)',
      })
      .optional(),
    '—',
    'NATS servers (comma-separated); without it, the in-process bus',
  ),
  NATS_USER: variable(
    z.string().min(1).max(255).optional(),
    '—',
    "this process's NATS user (`infra/nats/nats.conf`: `game`, `ai` or `gateway`)",
  ),
  NATS_PASSWORD: variable(z.string().min(1).max(255).optional(), '—', "that user's password"),
  LOG_LEVEL: variable(
    z.enum(['debug', 'info', 'warn', 'error', 'silent']).default('info'),
    '`info`',
    '`debug`, `info`, `warn`, `error` or `silent`',
  ),
  VEIL_WEB_DIR: variable(
    z.string().min(1).optional(),
    '`services/web/dist`',
    'the built web client, served only if it exists',
  ),
  VEIL_EXTRA_GAMES: variable(
    list.optional(),
    '—',
    'packages whose `game` export is registered beside the production games (tests)',
  ),
  VEIL_NODE_ID: variable(
    z
      .string()
      .regex(/^[A-Za-z0-9_.-]{1,64}$/, 'must be 1–64 letters, digits, `_`, `.` or `-`')
      .optional(),
    '`game-<host>-<pid>-<random>`',
    "the game node's id (leases, logs)",
  ),
  VEIL_LEASE_TTL_MS: variable(millis.optional(), '15000', 'how long a room lease holds'),
  VEIL_IDLE_UNLOAD_MS: variable(
    millis.optional(),
    '600000',
    'a room with no action this long is unloaded',
  ),
  VEIL_FINISHED_UNLOAD_MS: variable(
    millis.optional(),
    '60000',
    'the same for a room whose game is over',
  ),
  VEIL_QUIET_SNAPSHOT_MS: variable(
    millis.optional(),
    '2000',
    'a room waiting on a human, quiet this long, is snapshotted',
  ),
  VEIL_HEARTBEAT_MS: variable(
    millis.optional(),
    '250',
    "the pause between a game node's liveness heartbeats",
  ),
  VEIL_LIVENESS_DEADLINE_MS: variable(
    millis.optional(),
    '1250',
    'a game node not heard for this long is gone: its rooms are taken over',
  ),
  VEIL_LEASE_SWEEP_MS: variable(
    wholeNumber(0, 86_400_000).optional(),
    '5000',
    'mean pause between sweeps for expired leases of rooms in play (0: off)',
  ),
  VEIL_LEASE_SWEEP_BATCH: variable(
    wholeNumber(1, 10_000).optional(),
    '50',
    'the most rooms one such sweep takes over',
  ),
  VEIL_ABANDON_UNJOINED_MS: variable(
    wholeNumber(0, 86_400_000).optional(),
    '600000',
    'a room nobody joined or acted in this long from creation is abandoned (0: off)',
  ),
  VEIL_BOT_TIMEOUT_MS: variable(
    millis.optional(),
    '2000',
    'how long a game node waits for each bot request (3 tries, then a random legal move)',
  ),
  VEIL_METRICS_PORT: variable(
    wholeNumber(0, 65_535).optional(),
    '—',
    "`GET /metrics` on its own port, any role (the gateway's port then has none)",
  ),
  VEIL_METRICS_HOST: variable(
    z.string().min(1).max(255).optional(),
    '`HOST`',
    'the interface of `VEIL_METRICS_PORT`',
  ),
  VEIL_AI_WORKERS: variable(
    wholeNumber(0, 64).optional(),
    '2 for `all`, 1 for `ai`',
    'AI workers started in this process',
  ),
  VEIL_AI_THREADS: variable(
    wholeNumber(0, 256).optional(),
    'one per core',
    'decision threads per AI worker (0 or unset: one per core)',
  ),
  VEIL_AI_LEVELS: variable(
    list.pipe(z.array(z.enum(BOT_LEVELS))).optional(),
    'every level',
    'the bot levels the workers serve (comma-separated)',
  ),
  VEIL_AI_THINK_MS: variable(
    wholeNumber(0, 60_000).default(500),
    '500',
    "a bot's least think time before it answers",
  ),
  VEIL_AI_THINK_JITTER_MS: variable(
    wholeNumber(0, 60_000).default(500),
    '500',
    'a random extra think time, up to this',
  ),
} as const;

type Variables = typeof CONFIG_VARIABLES;
export type VeilConfig = {
  readonly [K in keyof Variables]: z.output<Variables[K]['schema']>;
};

/** A bad environment: every problem, one line each, naming the variable. */
export class ConfigError extends Error {
  constructor(readonly problems: readonly string[]) {
    super(`bad configuration:\n${problems.map((p) => `  ${p}`).join('\n')}`);
  }
}

/** Parses the environment; an empty variable counts as unset. Throws every problem at once. */
export function parseConfig(env: NodeJS.ProcessEnv): VeilConfig {
  const problems: string[] = [];
  const config: Record<string, unknown> = {};
  for (const [name, { schema }] of Object.entries(CONFIG_VARIABLES)) {
    const raw = env[name] === '' ? undefined : env[name];
    const parsed = schema.safeParse(raw);
    if (parsed.success) config[name] = parsed.data;
    else problems.push(`${name}: ${parsed.error.issues.map((i) => i.message).join('; ')}`);
  }
  if (problems.length > 0) throw new ConfigError(problems);
  return config as VeilConfig;
}

/** The configuration table of docs/operations.md, generated from the schema. */
export function configTable(): string {
  const rows = Object.entries(CONFIG_VARIABLES).map(([name, v]) => [
    `\`${name}\``,
    v.shown,
    v.meaning,
  ]);
  const header = ['variable', 'default', 'meaning'];
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => width(r[i] ?? ''))));
  const line = (cells: readonly string[]) =>
    `| ${cells.map((c, i) => c + ' '.repeat((widths[i] ?? 0) - width(c))).join(' | ')} |`;
  return [
    line(header),
    `| ${widths.map((w) => '-'.repeat(w)).join(' | ')} |`,
    ...rows.map(line),
  ].join('\n');
}

/** Characters as prettier counts them for table alignment. */
function width(text: string): number {
  return [...text].length;
}
