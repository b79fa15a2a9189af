import { drawCards } from '../../rules/draw.js';

import type { CardBehaviour } from '../behaviour.js';
import { ask, creditsFrom, option } from '../helpers.js';

const CODE = '30051';

/**
 * NBN: Reality Plus — The first time each turn the Runner takes a tag, gain 2[credit] or draw
 * 2 cards. Rulings: any way of taking a tag counts ("give" included); only tags actually taken
 * count (the rules mark the first tags taken each turn on the event).
 */
export const nbnRealityPlus: CardBehaviour = {
  code: CODE,
  triggers: [
    {
      on: 'tags-taken',
      where: 'identity',
      when: (_g, _s, event) => event.e === 'tags-taken' && event.first,
      resolve: (g, source) => ask(g, 'corp', CODE, 'reward', source),
    },
  ],
  choices: {
    reward: {
      prompt: 'The Corp gains 2[credit] or draws 2 cards.',
      options: () => [option('gain'), option('draw')],
      resolve: (g, d, o) => {
        if (o.value === 'gain') {
          creditsFrom(g, d.source ?? '', 'corp', 2);
        } else drawCards(g, 'corp', 2);
      },
    },
  },
};
