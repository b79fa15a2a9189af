import { gainCredits } from '../../rules/credits.js';
import type { CardBehaviour } from '../behaviour.js';
import { aboutSelf } from '../helpers.js';

/** Offworld Office — When you score this agenda, gain 7[credit]. */
export const offworldOffice: CardBehaviour = {
  code: '30067',
  triggers: [
    { on: 'score', where: 'scored', when: aboutSelf, resolve: (g) => gainCredits(g, 'corp', 7) },
  ],
};
