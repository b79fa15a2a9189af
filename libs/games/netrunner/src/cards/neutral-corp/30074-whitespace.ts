import { endTheRun } from '../../rules/run.js';
import type { CardBehaviour } from '../behaviour.js';
import { creditsLostTo } from '../helpers.js';

/**
 * Whitespace — [sub] The Runner loses 3[credit]. [sub] If the Runner has 6[credit] or less,
 * end the run. Rulings: both read only the credit pool (never hosted credits).
 */
export const whitespace: CardBehaviour = {
  code: '30074',
  subroutines: [
    {
      label: 'The Runner loses 3[credit].',
      resolve: (g, ice) => creditsLostTo(g, ice, 'runner', 3),
    },
    {
      label: 'If the Runner has 6[credit] or less, end the run.',
      resolve: (g) => {
        if (g.runner.credits <= 6) endTheRun(g);
      },
    },
  ],
};
