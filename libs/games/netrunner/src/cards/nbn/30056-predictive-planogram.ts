import { drawCards } from '../../rules/draw.js';
import { isTagged } from '../../rules/tags.js';

import type { CardBehaviour } from '../behaviour.js';
import { ask, creditsFrom, option } from '../helpers.js';

const CODE = '30056';

/**
 * Predictive Planogram — Resolve 1 of: gain 3[credit]; draw 3 cards. If the Runner is tagged,
 * you may resolve both instead. Ruling: the Corp decides "both or one" before resolving, and
 * may order them.
 */
export const predictivePlanogram: CardBehaviour = {
  code: CODE,
  play: (g, source) => ask(g, 'corp', CODE, 'mode', source),
  choices: {
    mode: {
      prompt: 'The Corp gains 3[credit] or draws 3 cards (both if the Runner is tagged).',
      options: (g) => [
        option('gain'),
        option('draw'),
        ...(isTagged(g) ? [option('gain-then-draw'), option('draw-then-gain')] : []),
      ],
      resolve: (g, d, o) => {
        for (const part of o.value.split('-then-')) {
          if (part === 'gain') {
            creditsFrom(g, d.source ?? '', 'corp', 3);
          } else drawCards(g, 'corp', 3);
        }
      },
    },
  },
};
