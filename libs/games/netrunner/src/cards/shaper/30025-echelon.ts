import type { CardBehaviour } from '../behaviour.js';
import { breakAbility, installedIcebreakers, pumpAbility } from '../helpers.js';

/**
 * Echelon — +1 strength for each installed icebreaker (including this one).
 * Interface → 1[credit]: Break 1 sentry subroutine. 3[credit]: +2 strength.
 */
export const echelon: CardBehaviour = {
  code: '30025',
  statics: {
    strength: (g, source) => (g.cards[source]?.loc.zone === 'rig' ? installedIcebreakers(g) : 0),
  },
  abilities: [
    breakAbility({ subtype: 'Sentry', upTo: 1, cost: () => 1 }),
    pumpAbility(3, () => 2, '+2 strength'),
  ],
};
