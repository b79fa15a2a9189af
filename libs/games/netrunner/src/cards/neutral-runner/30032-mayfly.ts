import type { CardBehaviour } from '../behaviour.js';
import { breakAbility, pumpAbility } from '../helpers.js';

/**
 * Mayfly — Interface → 1[credit]: Break 1 subroutine. When this run ends, trash this program.
 * 1[credit]: +1 strength. Ruling: each use adds a delayed "trash when the run ends"; extra
 * copies do nothing once it is trashed.
 */
export const mayfly: CardBehaviour = {
  code: '30032',
  abilities: [
    breakAbility({
      subtype: null,
      upTo: 1,
      cost: () => 1,
      after: (g, source) => {
        if (g.run && !g.run.mods.trashAtEnd.includes(source)) g.run.mods.trashAtEnd.push(source);
      },
    }),
    pumpAbility(1, () => 1, '+1 strength'),
  ],
};
