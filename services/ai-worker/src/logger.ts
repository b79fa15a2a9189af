/**
 * One JSON object per line on stdout (DESIGN §9). Requests carry a seat's view; never log it,
 * only ids, versions and codes.
 */
export type LogFields = Record<string, unknown>;

export interface Logger {
  info(msg: string, fields?: LogFields): void;
  warn(msg: string, fields?: LogFields): void;
}

export function createJsonLogger(base: LogFields, enabled = true): Logger {
  const at =
    (level: 'info' | 'warn') =>
    (msg: string, fields: LogFields = {}): void => {
      if (!enabled) return;
      const line = { level, time: new Date().toISOString(), msg, ...base, ...fields };
      process.stdout.write(`${JSON.stringify(line, errorReplacer)}\n`);
    };
  return { info: at('info'), warn: at('warn') };
}

function errorReplacer(_key: string, value: unknown): unknown {
  return value instanceof Error ? { name: value.name, message: value.message } : value;
}

export const silentLogger: Logger = createJsonLogger({}, false);
