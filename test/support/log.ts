// The harness's own output: one short progress line per service, and one loud line when the
// integration tests cannot run.

const prefix = '[veil services]';

export function progress(message: string): void {
  process.stdout.write(`${prefix} ${message}\n`);
}

/** One line on stderr, hard to miss in a CI log (red on a terminal). */
export function loud(message: string): void {
  const line = `!!! ${message} !!!`;
  process.stderr.write(process.stderr.isTTY ? `\x1b[1;31m${line}\x1b[0m\n` : `${line}\n`);
}

/** A URL without its password, for logs. */
export function redactUrl(url: string): string {
  try {
    const parsed = new URL(url);
    if (parsed.password !== '') parsed.password = '***';
    return parsed.toString();
  } catch {
    return '<unparsable URL>';
  }
}
