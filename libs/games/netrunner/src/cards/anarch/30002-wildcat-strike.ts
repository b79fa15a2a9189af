import { drawCards } from '../../rules/draw.js';
import type { CardBehaviour } from '../behaviour.js';
import { ask, creditsFrom, option } from '../helpers.js';

const CODE = '30002';

/**
 * Wildcat Strike — Resolve 1 of the following of the Corp's choice: gain 6[credit]; draw 4
 * cards. Ruling: the Corp may choose either, whatever the stack holds.
 */
export const wildcatStrike: CardBehaviour = {
  code: CODE,
  play: (g, source) => ask(g, 'corp', CODE, 'mode', source),
  choices: {
    mode: {
      prompt: 'The Corp chooses: the Runner gains 6[credit] or draws 4 cards.',
      options: () => [option('gain'), option('draw')],
      resolve: (g, d, o) => {
        if (o.value === 'gain') creditsFrom(g, d.source ?? '', 'runner', 6);
        else drawCards(g, 'runner', 4);
      },
    },
  },
};
