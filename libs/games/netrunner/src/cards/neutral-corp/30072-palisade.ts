import { isCentral } from '../../state/types.js';
import type { CardBehaviour } from '../behaviour.js';
import { endTheRunSub } from '../helpers.js';

/** Palisade — +2 strength while protecting a remote server. [sub] End the run. */
export const palisade: CardBehaviour = {
  code: '30072',
  statics: {
    strength: (g, source) => {
      const loc = g.cards[source]?.loc;
      return loc?.zone === 'ice' && !isCentral(loc.server) ? 2 : 0;
    },
  },
  subroutines: [endTheRunSub],
};
