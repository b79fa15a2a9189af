import { dealDamage } from '../../rules/damage.js';
import { giveTags, isTagged } from '../../rules/tags.js';
import type { CardBehaviour } from '../behaviour.js';
import { aboutSelf } from '../helpers.js';

/**
 * Orbital Superiority — When you score this agenda, if the Runner is tagged, do 4 meat damage;
 * otherwise, give the Runner 1 tag.
 */
export const orbitalSuperiority: CardBehaviour = {
  code: '30068',
  triggers: [
    {
      on: 'score',
      where: 'scored',
      when: aboutSelf,
      resolve: (g) => {
        if (isTagged(g)) dealDamage(g, 'meat', 4);
        else giveTags(g, 1);
      },
    },
  ],
};
