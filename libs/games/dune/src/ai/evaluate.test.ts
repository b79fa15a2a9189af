import { describe, expect, it } from 'vitest';
import { restoreGame, type GameSnapshot } from '@veil/engine';
import { dune } from '../module.js';
import { areasOf, STRONGHOLDS, territoryOf } from '../rules/board.js';
import type { DuneState, Faction } from '../state/types.js';
import { evaluateDune } from './evaluate.js';
import { dunePositions, finishedGame } from './positions.js';

const POSITIONS = dunePositions(40, { every: 29 });

function withContext(s: GameSnapshot<DuneState>, context: DuneState): GameSnapshot<DuneState> {
  return restoreGame(dune, { value: s.value, context, status: s.status });
}

/** `f` puts one force from its reserves into `area` (nothing else changes). */
function place(s: GameSnapshot<DuneState>, f: Faction, area: string): GameSnapshot<DuneState> {
  const c = s.context;
  const here = { ...(c.forces[area] ?? {}), [f]: (c.forces[area]?.[f] ?? 0) + 1 };
  const player = { ...c.players[f], reserves: c.players[f].reserves - 1 };
  return withContext(s, {
    ...c,
    forces: { ...c.forces, [area]: here },
    players: { ...c.players, [f]: player },
  });
}

const empty = (s: DuneState, area: string) => Object.keys(s.forces[area] ?? {}).length === 0;

describe("Dune's evaluation", () => {
  it('scores a finished game exactly: 1 for each winner (allies both), 0 for the others', () => {
    const factions: Faction[] = ['atreides', 'harkonnen', 'emperor', 'fremen'];
    let games = 0;
    for (const seed of [1, 2, 3, 4]) {
      const end = finishedGame(factions, seed);
      const winners = end.context.result?.winners ?? [];
      const scores = evaluateDune(end);
      expect(Object.keys(scores).sort()).toEqual([...factions].sort());
      for (const f of factions) expect(scores[f]).toBe(winners.includes(f) ? 1 : 0);
      // The same end as an allied win: both allies score 1.
      const allied = withContext(end, {
        ...end.context,
        result: { winners: ['atreides', 'fremen'], reason: 'strongholds_allied' },
      });
      expect(evaluateDune(allied)).toEqual({ atreides: 1, harkonnen: 0, emperor: 0, fremen: 1 });
      games++;
    }
    expect(games).toBe(4);
  });

  it('gives every seat in play a score in [0, 1], the same every time, summing to 1 without alliances', () => {
    expect(POSITIONS.length).toBe(40);
    for (const { snapshot, where } of POSITIONS) {
      const scores = evaluateDune(snapshot);
      expect(Object.keys(scores).sort(), where).toEqual(
        [...snapshot.context.options.factions].sort(),
      );
      for (const v of Object.values(scores)) {
        expect(v, where).toBeGreaterThanOrEqual(0);
        expect(v, where).toBeLessThanOrEqual(1);
      }
      expect(evaluateDune(snapshot), where).toEqual(scores);
      if (snapshot.context.alliances.length === 0) {
        const sum = Object.values(scores).reduce((a, b) => a + b, 0);
        expect(sum, where).toBeCloseTo(1, 9);
      }
    }
  });

  it('rates a force placed in an empty stronghold above the same force placed in the empty desert', () => {
    let compared = 0;
    for (const { snapshot, where } of POSITIONS) {
      const s = snapshot.context;
      const stronghold = STRONGHOLDS.map((t) => areasOf(t)[0] as string).find((a) =>
        areasOf(territoryOf(a)).every((x) => empty(s, x)),
      );
      const desert = Object.keys(s.spice)
        .concat(['the_great_flat:14', 'funeral_plain:14', 'south_mesa:4'])
        .find((a) => empty(s, a) && !STRONGHOLDS.includes(territoryOf(a)));
      if (!stronghold || !desert) continue;
      for (const f of s.options.factions) {
        if (s.players[f].reserves < 1) continue;
        const inStronghold = evaluateDune(place(snapshot, f, stronghold))[f];
        const inDesert = evaluateDune(place(snapshot, f, desert))[f];
        expect(inStronghold, `${where} ${f} ${stronghold} vs ${desert}`).toBeGreaterThan(inDesert);
        compared++;
      }
    }
    expect(compared).toBeGreaterThan(40);
  });
});
