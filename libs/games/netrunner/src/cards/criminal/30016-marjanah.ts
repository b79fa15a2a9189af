import type { CardBehaviour } from '../behaviour.js';
import { breakAbility, madeSuccessfulRunThisTurn, pumpAbility } from '../helpers.js';

/**
 * Marjanah — Interface → 2[credit]: Break 1 barrier subroutine. If you made a successful run
 * this turn, this ability costs 1[credit] less to use. 1[credit]: +1 strength.
 */
export const marjanah: CardBehaviour = {
  code: '30016',
  abilities: [
    breakAbility({
      subtype: 'Barrier',
      upTo: 1,
      cost: (g) => (madeSuccessfulRunThisTurn(g) ? 1 : 2),
    }),
    pumpAbility(1, () => 1, '+1 strength'),
  ],
};
