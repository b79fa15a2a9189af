import { dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { reachableSources } from '@veil/engine/testing';
import { describe, expect, it } from 'vitest';

const SRC = dirname(fileURLToPath(import.meta.url));

const reachable = (entry: string) => reachableSources(SRC, entry);

describe('the client entry (`@veil/netrunner/client`)', () => {
  it('reaches only the catalog, the decks and the window kinds, no rules code', () => {
    const files = reachable('client.ts');
    expect(files).toContain('catalog/index.ts');
    const outside = files.filter(
      (f) =>
        f !== 'client.ts' &&
        f !== 'window-kinds.ts' &&
        !f.startsWith('catalog/') &&
        !f.startsWith('decks/'),
    );
    expect(outside).toEqual([]);
  });

  it('would notice a rules import (the walk follows re-exports)', () => {
    expect(reachable('index.ts')).toContain('rules/windows.ts');
  });
});
