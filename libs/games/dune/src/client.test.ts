import { readFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const SRC = dirname(fileURLToPath(import.meta.url));

/** The files `file` loads at run time: its imports and re-exports that are not type-only. */
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

/** Every source file reachable from `entry` at run time, relative to src/. */
function reachable(entry: string): string[] {
  const seen = new Set<string>();
  const queue = [entry];
  while (queue.length > 0) {
    const file = queue.pop() as string;
    if (seen.has(file)) continue;
    seen.add(file);
    queue.push(...runtimeImports(file));
  }
  return [...seen].map((f) => relative(SRC, f)).sort();
}

describe('the client entry (`@veil/dune/client`)', () => {
  it('reaches only the game data (map, factions, cards), no rules code', () => {
    const files = reachable(join(SRC, 'client.ts'));
    expect(files).toContain('data/map.ts');
    expect(files.filter((f) => f !== 'client.ts' && !f.startsWith('data/'))).toEqual([]);
  });

  it('would notice a rules import (the walk follows re-exports)', () => {
    expect(reachable(join(SRC, 'index.ts'))).toContain('rules/legal.ts');
  });
});
