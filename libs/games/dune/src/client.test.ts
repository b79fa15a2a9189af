import { dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { reachableSources } from '@veil/engine/testing';
import { describe, expect, it } from 'vitest';

const SRC = dirname(fileURLToPath(import.meta.url));

const reachable = (entry: string) => reachableSources(SRC, entry);

describe('the client entry (`@veil/dune/client`)', () => {
  it('reaches only the game data (map, factions, cards), no rules code', () => {
    const files = reachable('client.ts');
    expect(files).toContain('data/map.ts');
    expect(files.filter((f) => f !== 'client.ts' && !f.startsWith('data/'))).toEqual([]);
  });

  it('would notice a rules import (the walk follows re-exports)', () => {
    expect(reachable('index.ts')).toContain('rules/legal.ts');
  });
});
