import { readdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { CARDS } from './catalog/index.js';
import { CARD_COVERAGE } from './coverage.js';

const cardsDir = path.join(path.dirname(fileURLToPath(import.meta.url)), 'cards');
const testFiles = readdirSync(cardsDir, { recursive: true, encoding: 'utf8' })
  .map((f) => path.basename(f))
  .filter((f) => f.endsWith('.test.ts'));

describe('card coverage', () => {
  it('lists every card of the pool once, in catalog order', () => {
    expect(CARD_COVERAGE.map((c) => c.code)).toEqual(CARDS.map((c) => c.code));
  });

  it.each(CARDS.map((c) => [c.code, c.title] as const))(
    '%s %s: full, with exactly one <code>-<name>.test.ts beside it',
    (code) => {
      expect(CARD_COVERAGE.find((c) => c.code === code)?.status).toBe('full');
      expect(testFiles.filter((f) => f.startsWith(`${code}-`))).toHaveLength(1);
    },
  );
});
