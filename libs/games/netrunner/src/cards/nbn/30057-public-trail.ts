import { canPay } from '../../rules/credits.js';
import { giveTags } from '../../rules/tags.js';
import type { CardBehaviour } from '../behaviour.js';
import { ask, creditsFrom, option } from '../helpers.js';

const CODE = '30057';

/**
 * Public Trail — Play only if the Runner made a successful run during their last turn. Give
 * the Runner 1 tag unless they pay 8[credit].
 */
export const publicTrail: CardBehaviour = {
  code: CODE,
  statics: { canPlay: (g) => g.memory.runnerSucceededLastTurn },
  play: (g, source) => ask(g, 'runner', CODE, 'pay', source),
  choices: {
    pay: {
      prompt: 'The Runner pays 8[credit], or takes 1 tag.',
      options: (g) => [option('take-tag'), ...(canPay(g, 'runner', 8) ? [option('pay')] : [])],
      resolve: (g, d, o) => {
        if (o.value === 'pay') creditsFrom(g, d.source ?? '', 'runner', -8);
        else giveTags(g, 1);
      },
    },
  },
};
