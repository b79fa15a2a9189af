import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

/** Every .ts file under `dir`, skipping node_modules and build output. */
function sources(dir: string): string[] {
  const out: string[] = [];
  for (const name of readdirSync(dir)) {
    if (name === 'node_modules' || name === 'dist') continue;
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) out.push(...sources(full));
    else if (/\.(ts|tsx|mts|js|mjs)$/.test(name)) out.push(full);
  }
  return out;
}

/** The module specifiers a file imports (static `from '…'`, dynamic `import('…')`, `require('…')`). */
export function importsOf(text: string): string[] {
  const found: string[] = [];
  const pattern = /(?:\bfrom\s*|\bimport\s*\(\s*|\bimport\s+|\brequire\s*\(\s*)['"]([^'"]+)['"]/g;
  for (const match of text.matchAll(pattern)) found.push(match[1] as string);
  return found;
}

/** Whether a specifier, seen from `file`, reaches into the benchmarks (test/bench). */
export function reachesBench(file: string, specifier: string): boolean {
  if (specifier.startsWith('@veil/bench') || specifier === '@veil/test') return true;
  if (!specifier.startsWith('.')) return false;
  const target = path.resolve(path.dirname(file), specifier);
  return path.relative(path.join(ROOT, 'test'), target).split(path.sep)[0] !== '..';
}

describe('boundaries of the AI', () => {
  it('libs/ai imports nothing of a game: only @veil/engine, node and its own files', () => {
    const files = sources(path.join(ROOT, 'libs/ai/src')).filter((f) => !f.endsWith('.test.ts'));
    expect(files.length).toBeGreaterThan(3);
    for (const file of files) {
      for (const spec of importsOf(readFileSync(file, 'utf8'))) {
        const ok = spec === '@veil/engine' || spec.startsWith('./') || spec.startsWith('node:');
        expect(ok, `${path.relative(ROOT, file)} imports ${spec}`).toBe(true);
      }
    }
  });

  it('no library or service can reach the benchmarks (the cheating UCT lives there)', () => {
    // This file names such imports as examples (last test), so it is left out.
    const self = fileURLToPath(import.meta.url);
    const files = [
      ...sources(path.join(ROOT, 'libs')),
      ...sources(path.join(ROOT, 'services')),
    ].filter((f) => f !== self);
    expect(files.length).toBeGreaterThan(100);
    const offenders = files.flatMap((file) =>
      importsOf(readFileSync(file, 'utf8'))
        .filter((spec) => reachesBench(file, spec))
        .map((spec) => `${path.relative(ROOT, file)} → ${spec}`),
    );
    expect(offenders).toEqual([]);
  });

  it("only the search steps without the legality check: no service or game names the engine's trusted step", () => {
    // Where it is defined, tested (the determinism harness) and used (the search's samples).
    const allowed = new Set(
      [
        'libs/engine/src/play.ts',
        'libs/engine/src/testing/determinism.ts',
        'libs/ai/src/playout.ts',
      ].map((f) => path.join(ROOT, f)),
    );
    const files = [
      ...sources(path.join(ROOT, 'libs')),
      ...sources(path.join(ROOT, 'services')),
    ].filter((f) => !allowed.has(f) && !f.endsWith('.test.ts'));
    expect(files.length).toBeGreaterThan(100);
    const offenders = files.filter((f) => readFileSync(f, 'utf8').includes('applyTrustedAction'));
    expect(offenders.map((f) => path.relative(ROOT, f))).toEqual([]);
  });

  it('recognizes the imports it forbids', () => {
    const worker = path.join(ROOT, 'services/ai-worker/src/ai-worker.ts');
    expect(importsOf(`import { cheatDecide } from '../../../test/bench/ladder/cheat.js';`)).toEqual(
      ['../../../test/bench/ladder/cheat.js'],
    );
    expect(reachesBench(worker, '../../../test/bench/ladder/cheat.js')).toBe(true);
    expect(reachesBench(worker, '@veil/bench-node-throughput')).toBe(true);
    expect(importsOf(`const m = await import('../../../test/bench/ladder/cheat.js');`)).toEqual([
      '../../../test/bench/ladder/cheat.js',
    ]);
    expect(reachesBench(worker, './random-bot.js')).toBe(false);
    expect(reachesBench(worker, '@veil/engine')).toBe(false);
  });
});
