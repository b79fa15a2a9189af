import { readFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';

/**
 * Which of a package's source files an entry loads at run time — for tests that keep a client
 * entry (what a browser bundles) free of rules code. Follows relative imports and re-exports
 * that are not type-only.
 */
function runtimeImports(file: string): string[] {
  const text = readFileSync(file, 'utf8');
  const found: string[] = [];
  const statement = /^(?:import|export)\s+(type\s+)?[^;]*?from\s+'([^']+)';/gms;
  for (const match of text.matchAll(statement)) {
    const [, typeOnly, target] = match;
    if (typeOnly || !target?.startsWith('.')) continue;
    found.push(join(dirname(file), target.replace(/\.js$/, '.ts')));
  }
  return found;
}

/** Every source file reachable from `src/<entry>` at run time, relative to `src`, sorted. */
export function reachableSources(src: string, entry: string): string[] {
  const seen = new Set<string>();
  const queue = [join(src, entry)];
  while (queue.length > 0) {
    const file = queue.pop() as string;
    if (seen.has(file)) continue;
    seen.add(file);
    queue.push(...runtimeImports(file));
  }
  return [...seen].map((f) => relative(src, f)).sort();
}
