/**
 * A tiny structured logger: one JSON object per line (`level`, `time`, `msg`, then fields), the
 * line shape every Veil service writes (docs/operations.md). Never log a token, a snapshot, a view or an
 * action of a hidden seat: only ids, versions, seats, codes.
 */
export const LOG_LEVELS = ['debug', 'info', 'warn', 'error', 'silent'] as const;
export type LogLevel = (typeof LOG_LEVELS)[number];
export type LogFields = Record<string, unknown>;

export interface Logger {
  debug(msg: string, fields?: LogFields): void;
  info(msg: string, fields?: LogFields): void;
  warn(msg: string, fields?: LogFields): void;
  error(msg: string, fields?: LogFields): void;
  /** A logger that adds `fields` to every line. */
  child(fields: LogFields): Logger;
}

const RANK: Record<LogLevel, number> = { debug: 10, info: 20, warn: 30, error: 40, silent: 99 };

export function parseLogLevel(value: string | undefined, fallback: LogLevel = 'info'): LogLevel {
  return (LOG_LEVELS as readonly string[]).includes(value ?? '') ? (value as LogLevel) : fallback;
}

export function createLogger(
  base: LogFields = {},
  level: LogLevel = 'info',
  write: (line: string) => void = (line) => process.stdout.write(line),
): Logger {
  const at =
    (lineLevel: Exclude<LogLevel, 'silent'>) =>
    (msg: string, fields: LogFields = {}): void => {
      if (RANK[lineLevel] < RANK[level]) return;
      const line = { level: lineLevel, time: new Date().toISOString(), msg, ...base, ...fields };
      write(`${JSON.stringify(line, errorReplacer)}\n`);
    };
  return {
    debug: at('debug'),
    info: at('info'),
    warn: at('warn'),
    error: at('error'),
    child: (fields) => createLogger({ ...base, ...fields }, level, write),
  };
}

/** Errors become their name, code and message (never their `cause`, which may carry data). */
function errorReplacer(_key: string, value: unknown): unknown {
  if (value instanceof Error) {
    const code = (value as { code?: unknown }).code;
    return { name: value.name, message: value.message, ...(code === undefined ? {} : { code }) };
  }
  return value;
}

export const silentLogger: Logger = createLogger({}, 'silent');
