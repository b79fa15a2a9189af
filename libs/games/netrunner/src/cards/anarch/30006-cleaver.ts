import type { CardBehaviour } from '../behaviour.js';
import { breakAbility, pumpAbility } from '../helpers.js';

/** Cleaver — Interface → 1[credit]: Break up to 2 barrier subroutines. 2[credit]: +1 strength. */
export const cleaver: CardBehaviour = {
  code: '30006',
  abilities: [
    breakAbility({ subtype: 'Barrier', upTo: 2, cost: () => 1 }),
    pumpAbility(2, () => 1, '+1 strength'),
  ],
};
