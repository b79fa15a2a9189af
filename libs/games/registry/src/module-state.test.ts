import { mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { findModuleState } from './module-state.js';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../../../..');

/**
 * What the engine and the games may keep at module level, each with why no game can see
 * another's leftovers in it: weak collections keyed by the object whose derived data they hold,
 * and buffers that are only ever read. A new one needs a line here.
 */
const ALLOWED: ReadonlyMap<string, string> = new Map([
  ['libs/engine/src/compiled-step.ts:compiledMachines', 'by machine: the compiled chart'],
  ['libs/engine/src/play.ts:scopes', 'by machine: an inert actor scope, no game data'],
  ['libs/games/netrunner/src/module.ts:listed', 'by game state: its legal-action lists'],
  ['libs/games/netrunner/src/state/draft.ts:ownLogs', 'by game copy: the log it copied'],
  [
    'libs/games/netrunner/src/state/handle-index.ts:indexes',
    'by game (its decks): the handles of one cards record, checked',
  ],
]);

function sourcesUnder(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'node_modules' ? [] : sourcesUnder(path);
    const source = entry.name.endsWith('.ts') && !/\.(test|d)\.ts$/.test(entry.name);
    return source ? [path] : [];
  });
}

describe('module-level state in the engine and the game packages', () => {
  it('there is none but what is listed, with its reason', () => {
    const games = readdirSync(join(ROOT, 'libs/games')).map((g) => join(ROOT, 'libs/games', g));
    const files = [join(ROOT, 'libs/engine'), ...games].flatMap((p) =>
      sourcesUnder(join(p, 'src')),
    );
    expect(files.length).toBeGreaterThan(100);
    expect(findModuleState(ROOT, files, new Set(ALLOWED.keys()))).toEqual([]);
  }, 180_000);

  describe('the check', () => {
    const dir = mkdtempSync(join(tmpdir(), 'module-state-'));
    afterAll(() => rmSync(dir, { recursive: true, force: true }));

    function findingsIn(source: string, allowed: readonly string[] = []) {
      const file = join(dir, `f${readdirSync(dir).length}.ts`);
      writeFileSync(file, source);
      return findModuleState(dir, [file], new Set(allowed)).map((f) => `${f.name}: ${f.why}`);
    }

    it('finds every kind of module-level state', () => {
      const found = findingsIn(`
        let lastGame: object | null = null;
        export var count = 0;
        const cache = new Map<string, number>();
        const seen = new Set<string>();
        const pool: string[] = [];
        const ring = Array.from({ length: 8 }, () => ({ g: null as object | null }));
        const tally: Record<string, number> = {};
        const counter = { n: 0 };
        const buffer = new Uint8Array(12);
        const words = /\\w+/g;
        const byState = new WeakMap<object, number>();
        class Pool { static size = 0; }
        export function touch(): void { lastGame = {}; count++; Pool.size++; }
      `);
      expect(found).toEqual([
        'lastGame: a module-level let/var',
        'count: a module-level let/var',
        'cache: a Map',
        'seen: a Set',
        'pool: a Array',
        'ring: a Array',
        'tally: an object with a writable index signature',
        'counter: an object with the writable field n',
        'buffer: a Uint8Array',
        'words: a global or sticky RegExp',
        'byState: a weak collection',
        'size: a writable static field',
      ]);
    });

    it('lets read-only values and listed weak collections be', () => {
      const file = `f${readdirSync(dir).length}.ts`;
      const found = findingsIn(
        `
        const byCode: ReadonlyMap<string, number> = new Map([['a', 1]]);
        const kinds: ReadonlySet<string> = new Set(['a']);
        const order: readonly string[] = ['a', 'b'];
        const pair = ['a', 1] as const;
        const limits = { max: 3 } as const;
        const names: Readonly<Record<string, string>> = { a: 'A' };
        const card: { readonly title: string; readonly play: () => void } = { title: 't', play() {} };
        const line = /^(\\d+)\\s+(.+)$/;
        const byState = new WeakMap<object, number>();
        class Codes { static readonly all = 3; }
        export function step(n: number): number { return n + 1; }
        export const hooks = { onPlay: (n: number) => n };
      `,
        [`${file}:byState`],
      );
      expect(found).toEqual([]);
    });
  });
});
