/**
 * A small argument parser for the `veil` command: `--name value`, `--name=value` and boolean
 * `--flag`. Unknown options are errors, so a typo never silently changes a run.
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
  const positional: string[] = [];
  const options = new Map<string, string[]>();
  const flags = new Set<string>();
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i] as string;
    if (!arg.startsWith('--')) {
      positional.push(arg);
      continue;
    }
    const [rawName, inlineValue] = arg.slice(2).split(/=(.*)/s, 2) as [string, string | undefined];
    if (spec.flags.includes(rawName)) {
      if (inlineValue !== undefined) throw new UsageError(`--${rawName} takes no value`);
      flags.add(rawName);
      continue;
    }
    const known = spec.options.includes(rawName) || spec.repeatable === 'any-other';
    if (!known) throw new UsageError(`unknown option --${rawName}`);
    const value = inlineValue ?? argv[++i];
    if (value === undefined || value.startsWith('--')) {
      throw new UsageError(`--${rawName} needs a value`);
    }
    options.set(rawName, [...(options.get(rawName) ?? []), value]);
  }
  return { positional, options, flags };
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
