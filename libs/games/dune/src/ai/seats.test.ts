import { describe, expect, it } from 'vitest';
import { decide } from '@veil/ai';
import { newGame } from '@veil/engine';
import { dune, type DuneModule } from '../module.js';
import type { Faction } from '../state/types.js';
import { dunePositions } from './positions.js';

/**
 * A bot in a 3-seat Dune room plans for those three seats: its view names them
 * (`seatsInView`), and the search builds trees and scores for them — never for the factions
 * the room does not seat (`seats({})` lists all six).
 */
describe('a bot in a 3-seat room considers exactly those seats', () => {
  it('reads the seats in play from the view', () => {
    const factions: Faction[] = ['emperor', 'fremen', 'harkonnen'];
    const view = dune.view(newGame(dune, { factions }, 1), 'fremen');
    expect(dune.seatsInView?.(view)).toEqual(factions);
  });

  it("expert's search follows only the seats in play as observers", () => {
    const positions = dunePositions(3, { seats: 3, seed: 4 });
    expect(positions.length).toBe(3);
    for (const [i, { snapshot, seat, where }] of positions.entries()) {
      const inPlay = snapshot.context.options.factions;
      const observers = new Set<string>();
      const watched: DuneModule = {
        ...dune,
        observedActionKey: (action, actor, observer, before) => {
          observers.add(observer);
          return dune.observedActionKey(action, actor, observer, before);
        },
      };
      decide(watched, {
        view: dune.view(snapshot, seat),
        legalActions: dune.legalActions(snapshot, seat),
        seat,
        level: 'expert',
        seed: `seats:${i}`,
        iterations: 12,
      });
      expect(observers.size, where).toBeGreaterThan(0);
      expect(
        [...observers].filter((o) => !inPlay.includes(o as Faction)),
        where,
      ).toEqual([]);
    }
  });
});
