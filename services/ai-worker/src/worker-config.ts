import { BOT_LEVELS, type BotLevel } from '@veil/protocol';
import { thinkTime, type ThinkTime } from './think-time.js';

/** What `veil start` (role `ai` or `all`) reads for its workers; each variable is optional. */
export interface AiWorkerEnvOptions {
  readonly threads?: number;
  readonly levels?: readonly BotLevel[];
  readonly thinkTime: ThinkTime;
}

/** Think time when the environment says nothing: a bot answers after 0.5–1 s. */
export const DEFAULT_THINK_MS = 500;
export const DEFAULT_THINK_JITTER_MS = 500;

/**
 * `VEIL_AI_THREADS` (decision threads per worker, default one per core), `VEIL_AI_LEVELS`
 * (comma-separated levels to serve, default all), `VEIL_AI_THINK_MS` and
 * `VEIL_AI_THINK_JITTER_MS` (think time, default 500 and 500). Throws a RangeError naming the
 * variable for a bad value.
 */
export function aiWorkerOptionsFromEnv(env: NodeJS.ProcessEnv): AiWorkerEnvOptions {
  const int = (name: string, fallback: number | undefined, max: number): number | undefined => {
    const raw = env[name];
    if (raw === undefined || raw === '') return fallback;
    const value = Number(raw);
    if (!Number.isInteger(value) || value < 0 || value > max) {
      throw new RangeError(`${name} must be a whole number in [0, ${max}]`);
    }
    return value;
  };
  const threads = int('VEIL_AI_THREADS', undefined, 256);
  const rawLevels = env['VEIL_AI_LEVELS'];
  let levels: BotLevel[] | undefined;
  if (rawLevels !== undefined && rawLevels !== '') {
    const names = rawLevels.split(',').map((l) => l.trim());
    const unknown = names.filter((l) => !(BOT_LEVELS as readonly string[]).includes(l));
    if (unknown.length > 0 || names.length === 0) {
      throw new RangeError(`VEIL_AI_LEVELS must list levels among ${BOT_LEVELS.join(', ')}`);
    }
    levels = [...new Set(names as BotLevel[])];
  }
  const think = thinkTime(
    int('VEIL_AI_THINK_MS', DEFAULT_THINK_MS, 60_000) ?? DEFAULT_THINK_MS,
    int('VEIL_AI_THINK_JITTER_MS', DEFAULT_THINK_JITTER_MS, 60_000) ?? DEFAULT_THINK_JITTER_MS,
  );
  return {
    ...(threads === undefined || threads === 0 ? {} : { threads }),
    ...(levels ? { levels } : {}),
    thinkTime: think,
  };
}
