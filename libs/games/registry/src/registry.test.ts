import { describe, expect, it } from 'vitest';
import { createMachine } from 'xstate';
import { PRODUCTION_GAMES } from './games.js';
import { gameRegistry, loadGameRegistry } from './registry.js';

// Named through a variable: Parlor depends on this package, so it is loaded at run time only.
const PARLOR_PACKAGE = '@veil/parlor';

describe('the game registry', () => {
  it('holds the production games by id, each with self-play settings', () => {
    const registry = gameRegistry(PRODUCTION_GAMES);
    expect([...registry.keys()]).toEqual(['netrunner', 'dune']);
    expect(registry.get('netrunner')?.cards?.length).toBe(79);
    expect(registry.get('netrunner')?.webBoard).toBe('netrunner');
    expect(registry.get('dune')?.webBoard).toBe('dune');
  });

  it('adds a test game from its package, and only when asked', async () => {
    expect([...(await loadGameRegistry()).keys()]).toEqual(['netrunner', 'dune']);
    const withParlor = await loadGameRegistry([PARLOR_PACKAGE]);
    expect([...withParlor.keys()]).toEqual(['netrunner', 'dune', 'parlor']);
    await expect(loadGameRegistry(['@veil/engine'])).rejects.toThrow(/exports no game entry/);
  });

  it('refuses an id twice, and a chart the engine cannot step', () => {
    const netrunner = PRODUCTION_GAMES[0]!;
    expect(() => gameRegistry([netrunner, netrunner])).toThrow(/registered twice/);
    const parallel = createMachine({ type: 'parallel', states: { a: {}, b: {} } });
    const broken = { ...netrunner, module: { ...netrunner.module, id: 'x', machine: parallel } };
    expect(() => gameRegistry([broken as typeof netrunner])).toThrow(
      /x: its chart is outside what the engine steps/,
    );
  });
});
