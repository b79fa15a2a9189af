import type { AnyGameModule } from '@veil/engine';
import { PRODUCTION_GAMES } from '@veil/game-registry';
import { MAX_PARLOR_TURNS, parlor, parlorGame } from '@veil/parlor';
import { describe, expect, it } from 'vitest';
import { checkGameOptions, isPolicyKind } from './game-inputs.js';
import { gameRegistry } from './game-registry.js';

const production = (id: string) => {
  const entry = PRODUCTION_GAMES.find((g) => g.module.id === id);
  if (!entry) throw new Error(`no ${id}`);
  return entry;
};

describe('what a node takes from outside for a game: its registry entry says', () => {
  it('checks room options by the game’s schema, refusing anything else', () => {
    expect(checkGameOptions(parlorGame, { turns: MAX_PARLOR_TURNS })).toEqual({
      turns: MAX_PARLOR_TURNS,
    });
    expect(checkGameOptions(parlorGame, { turns: MAX_PARLOR_TURNS + 1 })).toBeNull();
    expect(checkGameOptions(parlorGame, { turns: 0 })).toBeNull();
    expect(checkGameOptions(parlorGame, { turns: 4, extra: 1 })).toBeNull();
    expect(checkGameOptions(production('netrunner'), { agendaPointsToWin: 0 })).toBeNull();
    expect(checkGameOptions(production('dune'), { semutaDrg: true })).toBeNull();
    // A game without a schema (a benchmark's) takes what the protocol allowed.
    const bare = { module: parlor as unknown as AnyGameModule };
    expect(checkGameOptions(bare, { anything: 1 })).toEqual({ anything: 1 });
  });

  it('knows each game’s window kinds', () => {
    expect(isPolicyKind(parlorGame, 'counter')).toBe(true);
    expect(isPolicyKind(parlorGame, 'pending_play')).toBe(false);
    expect(isPolicyKind(production('netrunner'), 'run-encounter')).toBe(true);
    expect(isPolicyKind(production('netrunner'), 'counter')).toBe(false);
    for (const kind of ['any_time', 'karama_power', 'semuta_auto_commit']) {
      expect(isPolicyKind(production('dune'), kind)).toBe(true);
    }
    // A kind no Dune window has would only grow the state.
    expect(isPolicyKind(production('dune'), 'run-encounter')).toBe(false);
  });

  it('has window kinds for every production game', () => {
    expect(PRODUCTION_GAMES.filter((g) => !g.policyKinds).map((g) => g.module.id)).toEqual([]);
  });

  it('has a schema for every production game, also when a node is given its bare module', () => {
    expect(PRODUCTION_GAMES.filter((g) => !g.options).map((g) => g.module.id)).toEqual([]);
    const fromModules = gameRegistry(PRODUCTION_GAMES.map((g) => g.module));
    for (const entry of PRODUCTION_GAMES) {
      expect(fromModules.get(entry.module.id)?.options).toBe(entry.options);
    }
  });
});
