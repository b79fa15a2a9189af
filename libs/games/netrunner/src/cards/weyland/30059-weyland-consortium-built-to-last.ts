import type { CardBehaviour } from '../behaviour.js';
import { creditsFrom } from '../helpers.js';

/**
 * Weyland Consortium: Built to Last — Whenever you advance a card, gain 2[credit] if it had no
 * advancement counters. Ruling: placing counters (Seamless Launch) is not advancing.
 */
export const weylandBuiltToLast: CardBehaviour = {
  code: '30059',
  triggers: [
    {
      on: 'advance',
      where: 'identity',
      when: (_g, _s, event) => event.e === 'advance' && !event.hadCounters,
      resolve: (g, source) => creditsFrom(g, source, 'corp', 2),
    },
  ],
};
