import { describe, expect, it } from 'vitest';
import { decide, ISMCTS, search } from '@veil/ai';
import { newGame, Rng, type GameSnapshot } from '@veil/engine';
import { playRandom } from '@veil/engine/testing';
import { dune } from '../module.js';
import type { DuneState, Faction } from '../state/types.js';

/**
 * In a simultaneous choice every participant is a decider until all are in. A bot asked there
 * is asked for its own commitment: the search must choose at its root for it (not for the
 * first decider listed), and the seats must then take turns so the choice closes.
 */
function choicePositions(): { snapshot: GameSnapshot<DuneState>; seat: Faction; kind: string }[] {
  const out: { snapshot: GameSnapshot<DuneState>; seat: Faction; kind: string }[] = [];
  const start = newGame(dune, { factions: ['atreides', 'emperor', 'fremen'] }, 3);
  out.push({ snapshot: start, seat: dune.deciders(start)[1] as Faction, kind: 'setup' });
  for (let game = 0; game < 40 && out.length < 3; game++) {
    const factions: Faction[] = ['harkonnen', 'atreides', 'emperor', 'spacing_guild'];
    for (const s of playRandom(dune, { factions }, 700 + game, 1500).snapshots) {
      const c = s.context.choice;
      if (c?.kind !== 'battle_plan' || c.choice.status !== 'collecting') continue;
      const seat = dune.deciders(s)[1] as Faction | undefined;
      if (!seat || c.choice.commitments[seat] !== undefined) continue;
      if (dune.legalActions(s, seat).length < 2) continue;
      out.push({ snapshot: s, seat, kind: 'battle_plan' });
      break;
    }
  }
  return out;
}

describe('a Dune bot asked in a simultaneous choice', () => {
  const positions = choicePositions();

  it('is the one the search chooses for at its root, in every iteration', () => {
    expect(positions.map((p) => p.kind)).toEqual(['setup', 'battle_plan', 'battle_plan']);
    for (const [i, { snapshot, seat, kind }] of positions.entries()) {
      const result = search(dune, {
        view: dune.view(snapshot, seat),
        seat,
        legalActions: dune.legalActions(snapshot, seat),
        settings: { ...ISMCTS, iterations: 24 },
        rng: Rng.from(`simultaneous:${i}`),
      });
      let visits = 0;
      for (const { visits: v } of result.root.values()) visits += v;
      expect(visits, kind).toBe(result.iterations - result.failedIterations);
      expect(visits, kind).toBeGreaterThan(0);
    }
  });

  it("gets greedy's one-ply evaluation, not a random pick", () => {
    for (const [i, { snapshot, seat, kind }] of positions.entries()) {
      const { iterations } = decide(dune, {
        view: dune.view(snapshot, seat),
        legalActions: dune.legalActions(snapshot, seat),
        seat,
        level: 'greedy',
        seed: `greedy:${i}`,
        iterations: 2,
      });
      expect(iterations, kind).toBeGreaterThan(0);
    }
  });
});
