import type { CardBehaviour } from '../behaviour.js';
import { hostedCredits, loadCredits, takeHostedCredits } from '../helpers.js';

/**
 * Pennyshaver — +1[mu]. Whenever you make a successful run, place 1[credit] on this hardware.
 * [click]: Place 1[credit] on this hardware, then take all credits from it. Limit 1 console.
 */
export const pennyshaver: CardBehaviour = {
  code: '30014',
  statics: { memory: 1 },
  triggers: [{ on: 'successful-run', resolve: (g, source) => loadCredits(g, source, 1) }],
  abilities: [
    {
      id: 'cash',
      label: 'Place 1[credit], then take all credits',
      timing: 'click',
      ownLine: true,
      usable: () => true,
      resolve: (g, source) => {
        loadCredits(g, source, 1);
        // One line: the credit placed is part of what is taken.
        takeHostedCredits(g, source, hostedCredits(g, source), 'runner', 'spends [click] to take');
      },
    },
  ],
};
