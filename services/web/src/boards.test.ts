import { PRODUCTION_GAMES } from '@veil/game-registry';
import { describe, expect, it } from 'vitest';
import { BOARDS } from './boards.js';

describe('the web boards', () => {
  it('are the production games’ boards: one per registry entry, found by the game id', () => {
    for (const entry of PRODUCTION_GAMES) {
      expect(entry.webBoard, entry.module.id).toBe(entry.module.id);
    }
    const named = PRODUCTION_GAMES.map((entry) => entry.webBoard).sort();
    expect(Object.keys(BOARDS).sort()).toEqual(named);
  });

  it('load as the page function of their game', async () => {
    for (const load of Object.values(BOARDS)) expect(typeof (await load())).toBe('function');
  });
});
