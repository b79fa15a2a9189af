import { describe, expect, it } from 'vitest';
import type { AnyGameModule } from '@veil/engine';
import { loadGameRegistry } from '@veil/game-registry';
import { netrunner } from '@veil/netrunner';
import { botSelfplay } from './selfplay-bots.js';

const module = netrunner as unknown as AnyGameModule;

describe('bot self-play', () => {
  it('plays games to the end with the workers’ bots, replayable from its seed', () => {
    const run = () =>
      botSelfplay({
        module,
        games: 2,
        seed: 7,
        levels: { corp: 'greedy', runner: 'ismcts' },
        iterations: 2,
      });
    const a = run();
    expect(a.errors + a.deadlocks).toBe(0);
    expect(a.finished).toBe(2);
    expect((a.wins['corp'] ?? 0) + (a.wins['runner'] ?? 0) + a.draws).toBe(2);
    expect(a.levels).toEqual({ corp: 'greedy', runner: 'ismcts' });
    expect(a.decisions).toBeGreaterThan(10);
    const b = run();
    expect({ ...b, decisionMeanMs: 0 }).toEqual({ ...a, decisionMeanMs: 0 });
  });

  it('seats the room its options name, and gives every seat of a simultaneous choice its turn', async () => {
    const dune = (await loadGameRegistry([])).get('dune')?.module as AnyGameModule;
    // Dune's setup is a simultaneous choice each seat may re-commit to until all are in: a
    // loop that always asks the first decider never closes it.
    const s = botSelfplay({
      module: dune,
      games: 1,
      seed: 2,
      levels: { fremen: 'greedy' },
      iterations: 1,
      options: { factions: ['harkonnen', 'fremen', 'emperor'], turns: 1 },
      maxActions: 3000,
    });
    expect(s.levels).toEqual({ harkonnen: 'random', fremen: 'greedy', emperor: 'random' });
    expect(s.errors + s.deadlocks).toBe(0);
    expect(s.finished).toBe(1);
  });

  it('plays unnamed seats at the random level', () => {
    const s = botSelfplay({ module, games: 1, seed: 3, levels: { corp: 'greedy' }, iterations: 1 });
    expect(s.levels).toEqual({ corp: 'greedy', runner: 'random' });
    expect(s.finished).toBe(1);
  });
});
