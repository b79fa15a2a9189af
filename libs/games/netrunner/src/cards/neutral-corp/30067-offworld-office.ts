import type { CardBehaviour } from '../behaviour.js';
import { aboutSelf, creditsFrom } from '../helpers.js';

/** Offworld Office — When you score this agenda, gain 7[credit]. */
export const offworldOffice: CardBehaviour = {
  code: '30067',
  triggers: [
    {
      on: 'score',
      where: 'scored',
      when: aboutSelf,
      resolve: (g, source) => creditsFrom(g, source, 'corp', 7),
    },
  ],
};
