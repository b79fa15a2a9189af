import type { CardBehaviour } from '../behaviour.js';
import { breakAbility, madeSuccessfulRunThisTurn, pumpAbility } from '../helpers.js';

/**
 * Carmen — If you made a successful run this turn, this program costs 2[credit] less to
 * install. Interface → 1[credit]: Break 1 sentry subroutine. 2[credit]: +3 strength.
 */
export const carmen: CardBehaviour = {
  code: '30015',
  statics: { selfInstallCost: (g) => (madeSuccessfulRunThisTurn(g) ? -2 : 0) },
  abilities: [
    breakAbility({ subtype: 'Sentry', upTo: 1, cost: () => 1 }),
    pumpAbility(2, () => 3, '+3 strength'),
  ],
};
