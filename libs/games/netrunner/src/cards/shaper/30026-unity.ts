import type { CardBehaviour } from '../behaviour.js';
import { breakAbility, installedIcebreakers, pumpAbility } from '../helpers.js';

/**
 * Unity — Interface → 1[credit]: Break 1 code gate subroutine. 1[credit]: +X strength, X the
 * number of installed icebreakers (including this one).
 */
export const unity: CardBehaviour = {
  code: '30026',
  abilities: [
    breakAbility({ subtype: 'Code Gate', upTo: 1, cost: () => 1 }),
    pumpAbility(1, (g) => installedIcebreakers(g), '+X strength'),
  ],
};
