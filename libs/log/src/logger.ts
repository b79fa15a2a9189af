import { pino } from 'pino';
/**
 * The structured logger every Veil service writes with: one JSON object per line (`level`,
 * `time`, fields, `msg`) (docs/operations.md). Never log a token, a snapshot, a view or an
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

export function parseLogLevel(value: string | undefined, fallback: LogLevel = 'info'): LogLevel {
  return (LOG_LEVELS as readonly string[]).includes(value ?? '') ? (value as LogLevel) : fallback;
}

/**
 * A logger writing through pino: asynchronously to stdout by default (a line is queued and
 * written off the caller's path; pino flushes what is queued when the process exits), or
 * synchronously to `write` (tests).
 */
export function createLogger(
  base: LogFields = {},
  level: LogLevel = 'info',
  write?: (line: string) => void,
): Logger {
  const destination = write ? { write } : pino.destination({ dest: 1, sync: false });
  const root = pino(
    {
      level,
      base: {},
      messageKey: 'msg',
      timestamp: pino.stdTimeFunctions.isoTime,
      formatters: {
        level: (label) => ({ level: label }),
        log: withoutErrorDetails,
      },
    },
    destination,
  );
  return wrap(root, base);
}

type Level = 'debug' | 'info' | 'warn' | 'error';

/**
 * A logger adding `bindings` to every line. pino writes a child's bindings after its parent's
 * and a line's fields after both, repeating a key given twice; here the later value replaces
 * the earlier one, so a line has each key once (a JSON reader keeps either value of a repeat).
 */
function wrap(root: pino.Logger, bindings: LogFields): Logger {
  const bound = root.child(bindings);
  const keys = Object.keys(bindings);
  const at =
    (level: Level) =>
    (msg: string, fields: LogFields = {}): void => {
      if (!bound.isLevelEnabled(level)) return;
      const repeats = keys.some((key) => Object.hasOwn(fields, key));
      const target = repeats ? root.child(without(bindings, fields)) : bound;
      target[level](fields, msg);
    };
  return {
    debug: at('debug'),
    info: at('info'),
    warn: at('warn'),
    error: at('error'),
    child: (fields) => wrap(root, { ...bindings, ...fields }),
  };
}

/** `bindings` without the keys `fields` gives again. */
function without(bindings: LogFields, fields: LogFields): LogFields {
  return Object.fromEntries(
    Object.entries(bindings).filter(([key]) => !Object.hasOwn(fields, key)),
  );
}

/** The fields of a line, each Error among them as `errorReplacer` gives it. */
function withoutErrorDetails(fields: LogFields): LogFields {
  let out = fields;
  for (const key of Object.keys(fields)) {
    const value = fields[key];
    if (!(value instanceof Error)) continue;
    if (out === fields) out = { ...fields };
    out[key] = errorReplacer(key, value);
  }
  return out;
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
