import { describe, expect, it } from 'vitest';
import { FACTIONS } from '../data/factions.js';
import { dune } from '../module.js';
import type { DuneState, LeaderStatus } from '../state/types.js';
import { act, afterSetup, edit, withPlayer, type Snap } from '../testing/scenario.js';
import { enterRevival } from './revival.js';

const LEADERS = FACTIONS.atreides.leaders.map((l) => l.id);
const [THUFIR, JESSICA, GURNEY, DUNCAN, YUEH] = LEADERS as [string, string, string, string, string];

/** The Atreides' Revival turn with these leaders in the Tanks and this record of deaths. */
function revivalWith(inTanks: readonly string[], died: readonly string[]): Snap {
  return edit(
    afterSetup(['atreides', 'harkonnen']),
    (state): DuneState => {
      const leaders: Record<string, LeaderStatus> = {};
      for (const id of LEADERS) leaders[id] = inTanks.includes(id) ? 'tanks' : 'available';
      const x = withPlayer(state, 'atreides', { leaders, leadersDied: died, spice: 20 });
      return enterRevival({ ...x, choice: null, stormOrder: ['atreides', 'harkonnen'] });
    },
    'revival',
  );
}

function revivable(s: Snap): string[] {
  const leaders = dune
    .legalActions(s, 'atreides')
    .flatMap((a) => (a.type === 'revive' && a.leader ? [a.leader] : []));
  return [...new Set(leaders)].sort();
}

describe('Revival of leaders (the cycle rule)', () => {
  it('no leader comes back until every leader has died once', () => {
    expect(revivable(revivalWith([THUFIR, JESSICA], [THUFIR, JESSICA]))).toEqual([]);
    const allDied = revivalWith([THUFIR, JESSICA], [THUFIR, JESSICA, GURNEY, DUNCAN, YUEH]);
    expect(revivable(allDied)).toEqual([JESSICA, THUFIR].sort());
  });

  it('a leader that dies a second time goes face down: it waits until every other has died twice', () => {
    // Thufir died, came back, died again; Jessica has died once and is in the Tanks too.
    const once = [THUFIR, JESSICA, GURNEY, DUNCAN, YUEH];
    const s = revivalWith([THUFIR, JESSICA], [...once, THUFIR]);
    expect(revivable(s)).toEqual([JESSICA]);
    // Every leader has now died twice: Thufir may come back.
    const twice = revivalWith([THUFIR], [...once, ...once]);
    expect(revivable(twice)).toEqual([THUFIR]);
    // A face-down leader is not offered even with only it in the Tanks.
    expect(revivable(revivalWith([THUFIR], [...once, THUFIR]))).toEqual([]);
    // Reviving it anyway is refused and changes nothing.
    const alone = revivalWith([THUFIR], [...once, THUFIR]);
    const revive = { type: 'revive' as const, forces: 0, leader: THUFIR };
    expect(() => act(alone, 'atreides', revive)).toThrow(/not legal/);
    expect(alone.context.players.atreides.leaders[THUFIR]).toBe('tanks');
  });
});
