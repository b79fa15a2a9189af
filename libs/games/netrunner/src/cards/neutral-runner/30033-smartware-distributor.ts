import type { CardBehaviour } from '../behaviour.js';
import { hostedCredits, loadCredits, takeHostedCredits } from '../helpers.js';

/**
 * Smartware Distributor — [click]: Place 3[credit] on this resource (ruling: also when credits
 * are already there). When your turn begins, take 1[credit] from this resource.
 */
export const smartwareDistributor: CardBehaviour = {
  code: '30033',
  triggers: [
    {
      on: 'turn-begins',
      when: (g, source, event) =>
        event.e === 'turn-begins' && event.side === 'runner' && hostedCredits(g, source) > 0,
      resolve: (g, source) => void takeHostedCredits(g, source, 1, 'runner'),
    },
  ],
  abilities: [
    {
      id: 'place',
      label: 'Place 3[credit] on this resource',
      timing: 'click',
      usable: () => true,
      resolve: (g, source) => loadCredits(g, source, 3),
    },
  ],
};
