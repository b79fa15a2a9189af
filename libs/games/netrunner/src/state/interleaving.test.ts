import { describe, expect, it } from 'vitest';
import type { GameSnapshot } from '@veil/engine';
import { checkInterleaving } from '@veil/engine/testing';
import { netrunner, type NetrunnerModule } from '../module.js';
import type { NetrunnerAction } from '../actions/types.js';
import type { Game, Side } from './types.js';

describe('two Netrunner games and a search stepped in turn', () => {
  it('go exactly as each game alone (drafts, handle indexes, legal lists are per game)', () => {
    for (const seeds of [
      ['interleave-a', 'interleave-b'],
      ['interleave-c', 'interleave-d'],
    ] as const) {
      expect(checkInterleaving({ module: netrunner, options: {}, seeds, steps: 150 })).toBeNull();
    }
  });

  it('catches a module that keeps "the last state listed" outside the state', () => {
    // The kind of cache this rules out: the last list per seat, recognised by a summary of the
    // state that one game never repeats between two listings, but two games do.
    const last: Partial<Record<Side, { key: string; list: NetrunnerAction[] }>> = {};
    const leaky: NetrunnerModule = {
      ...netrunner,
      legalActions(snapshot: GameSnapshot<Game>, seat: Side) {
        // What everybody sees, handles aside: one game never shows it twice, but a search's
        // sample of a game shows what the game shows with other cards where nobody looks.
        const key = JSON.stringify(netrunner.view(snapshot, 'spectator')).replace(
          /"h[0-9a-z]{7}"/g,
          '"h"',
        );
        const known = last[seat];
        if (known?.key === key) return known.list.slice();
        const list = netrunner.legalActions(snapshot, seat);
        last[seat] = { key, list };
        return list.slice();
      },
      legalActionsOfType: undefined,
    };
    expect(
      checkInterleaving({
        module: leaky,
        options: {},
        seeds: ['interleave-a', 'interleave-b'],
        steps: 150,
      }),
    ).toMatch(/^game interleave-/);
  });
});
