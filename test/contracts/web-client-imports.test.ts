import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/** The web client's sources (services/web/src). */
const SRC = fileURLToPath(new URL('../../services/web/src/', import.meta.url));

describe('the web client', () => {
  it('imports a game only through its client entry (no rules code, no engine)', () => {
    const offending: string[] = [];
    // Every source file, boards in subfolders (src/dune/) too.
    for (const name of readdirSync(SRC, { recursive: true, encoding: 'utf8' })) {
      if (!name.endsWith('.ts') || name.endsWith('.test.ts')) continue;
      const text = readFileSync(`${SRC}/${name}`, 'utf8');
      for (const [, target] of text.matchAll(/from '(@veil\/[^']+)'/g)) {
        if (target === '@veil/client' || target?.endsWith('/client')) continue;
        offending.push(`${name}: ${target}`);
      }
    }
    expect(offending).toEqual([]);
  });
});
