import type { CardBehaviour } from '../behaviour.js';
import { breakAbility, pumpAbility } from '../helpers.js';

/** Buzzsaw — Interface → 1[credit]: Break up to 2 code gate subroutines. 3[credit]: +1 strength. */
export const buzzsaw: CardBehaviour = {
  code: '30005',
  abilities: [
    breakAbility({ subtype: 'Code Gate', upTo: 2, cost: () => 1 }),
    pumpAbility(3, () => 1, '+1 strength'),
  ],
};
