import { describe, expect, it } from 'vitest';
import { playRandom } from '@veil/engine/testing';
import { netrunner } from '../module.js';
import { PAIRINGS } from '../testing/pairings.js';
import type { Side } from '../state/types.js';
import { legalActionsOf, legalActionsOfType } from './legal.js';
import { CLICK_ACTION_TYPES } from './types.js';

const TYPES = ['pass', 'choose', ...CLICK_ACTION_TYPES, 'use', 'rez', 'score', 'no-such-type'];

describe('legal actions of one type', () => {
  it('are the legal actions of that type, in order, state by state through random games', () => {
    let compared = 0;
    for (const [i, options] of PAIRINGS.entries()) {
      for (const s of playRandom(netrunner, options, i, 300).snapshots) {
        for (const seat of ['corp', 'runner'] as Side[]) {
          const all = legalActionsOf(s.context, seat);
          for (const type of TYPES) {
            expect(legalActionsOfType(s.context, seat, type)).toEqual(
              all.filter((a) => a.type === type),
            );
          }
        }
        compared++;
      }
    }
    expect(compared).toBeGreaterThan(500);
  });
});
