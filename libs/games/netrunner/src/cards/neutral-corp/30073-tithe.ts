import { dealDamage } from '../../rules/damage.js';
import type { CardBehaviour } from '../behaviour.js';
import { creditsFrom } from '../helpers.js';

/** Tithe — [sub] Do 1 net damage. [sub] Gain 1[credit]. */
export const tithe: CardBehaviour = {
  code: '30073',
  subroutines: [
    { label: 'Do 1 net damage.', resolve: (g) => void dealDamage(g, 'net', 1) },
    { label: 'Gain 1[credit].', resolve: (g, ice) => creditsFrom(g, ice, 'corp', 1) },
  ],
};
