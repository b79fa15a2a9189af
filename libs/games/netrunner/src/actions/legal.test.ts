import { describe, expect, it } from 'vitest';
import { applyAction, newGame, Rng, type GameSnapshot } from '@veil/engine';
import { netrunner } from '../module.js';
import { PAIRINGS } from '../testing/pairings.js';
import type { Game, Side } from '../state/types.js';
import { legalActionsOf, legalActionsOfType } from './legal.js';

const TYPES = [
  'pass',
  'choose',
  'click-credit',
  'click-draw',
  'install',
  'play',
  'advance',
  'purge',
  'trash-resource',
  'remove-tag',
  'run',
  'use',
  'rez',
  'score',
  'no-such-type',
];

describe('legal actions of one type', () => {
  it('are the legal actions of that type, in order, state by state through random games', () => {
    let compared = 0;
    for (const [i, options] of PAIRINGS.entries()) {
      const rng = Rng.from(`legal-of-type:${i}`);
      let s = newGame(netrunner, options, `legal-of-type:${i}`) as GameSnapshot<Game>;
      for (let n = 0; n < 300 && !netrunner.outcome(s); n++) {
        for (const seat of ['corp', 'runner'] as Side[]) {
          const all = legalActionsOf(s.context, seat);
          for (const type of TYPES) {
            expect(legalActionsOfType(s.context, seat, type)).toEqual(
              all.filter((a) => a.type === type),
            );
          }
        }
        const seat = rng.pick(netrunner.deciders(s));
        s = applyAction(netrunner, s, seat, rng.pick(netrunner.legalActions(s, seat)));
        compared++;
      }
    }
    expect(compared).toBeGreaterThan(500);
  });
});
