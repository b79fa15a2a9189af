import { parseArgs as parseNodeArgs } from 'node:util';

/**
 * The `veil` command's arguments, parsed by `node:util`'s `parseArgs`: `--name value`,
 * `--name=value` and boolean `--flag`. Unknown options are errors, so a typo never silently
 * changes a run.
 */
export interface ParsedArgs {
  readonly positional: string[];
  readonly options: Map<string, string[]>;
  readonly flags: Set<string>;
}

export class UsageError extends Error {}

export function parseArgs(
  argv: readonly string[],
  spec: { options: readonly string[]; flags: readonly string[]; repeatable?: 'any-other' },
): ParsedArgs {
  // With `repeatable: 'any-other'` every other `--name` is an option too (a seat's bot level).
  const others =
    spec.repeatable === 'any-other'
      ? argv
          .filter((arg) => arg.startsWith('--'))
          .map((arg) => arg.slice(2).split('=')[0] as string)
          .filter((name) => name.length > 0 && !spec.flags.includes(name))
      : [];
  const options: Record<string, { type: 'string' | 'boolean'; multiple?: boolean }> = {};
  for (const name of [...spec.options, ...others])
    options[name] = { type: 'string', multiple: true };
  for (const name of spec.flags) options[name] = { type: 'boolean' };
  let parsed: ReturnType<typeof parseNodeArgs>;
  try {
    parsed = parseNodeArgs({ args: [...argv], options, strict: true, allowPositionals: true });
  } catch (error) {
    throw new UsageError(error instanceof Error ? error.message : String(error));
  }
  const result: ParsedArgs = {
    positional: parsed.positionals,
    options: new Map(),
    flags: new Set(),
  };
  for (const [name, value] of Object.entries(parsed.values)) {
    if (typeof value === 'boolean') result.flags.add(name);
    else if (Array.isArray(value)) result.options.set(name, value.map(String));
  }
  return result;
}

export function intOption(args: ParsedArgs, name: string, fallback: number, min = 0): number {
  const raw = args.options.get(name)?.at(-1);
  if (raw === undefined) return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < min) {
    throw new UsageError(`--${name} must be an integer ≥ ${min}, got "${raw}"`);
  }
  return value;
}
