import { describe, expect, it } from 'vitest';
import { gameRegistry, PRODUCTION_GAMES } from '@veil/game-registry';
import { game } from './index.js';

describe('Dune registry entry', () => {
  it('registers beside the production games: its chart is one the engine steps', () => {
    const registry = gameRegistry([...PRODUCTION_GAMES, game]);
    expect(registry.get('dune')?.module.id).toBe('dune');
  });
});
