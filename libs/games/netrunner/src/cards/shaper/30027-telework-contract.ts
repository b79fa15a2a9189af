import type { CardBehaviour } from '../behaviour.js';
import { trashIfEmpty } from '../neutral-corp/30071-regolith-mining-license.js';
import {
  aboutSelf,
  hostedCredits,
  loadCredits,
  markUsed,
  takeHostedCredits,
  usedThisTurn,
} from '../helpers.js';

/**
 * Telework Contract — When you install this resource, load 9[credit] onto it. When it is
 * empty, trash it. Once per turn → [click]: Take 3[credit] from this resource.
 */
export const teleworkContract: CardBehaviour = {
  code: '30027',
  triggers: [{ on: 'install', when: aboutSelf, resolve: (g, source) => loadCredits(g, source, 9) }],
  abilities: [
    {
      id: 'take',
      label: 'Take 3[credit]',
      timing: 'click',
      ownLine: true,
      usable: (g, source) => !usedThisTurn(g, source, 'take') && hostedCredits(g, source) > 0,
      resolve: (g, source) => {
        markUsed(g, source, 'take');
        takeHostedCredits(g, source, 3, 'runner', 'spends [click] to take');
        trashIfEmpty(g, source);
      },
    },
  ],
};
