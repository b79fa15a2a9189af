import { dealDamage } from '../../rules/damage.js';
import { endTheRun } from '../../rules/run.js';
import type { CardBehaviour } from '../behaviour.js';
import { ask, option } from '../helpers.js';

const CODE = '30047';

/**
 * Karunā — [sub] Do 2 net damage. The Runner may jack out. [sub] Do 2 net damage.
 * Ruling: jacking out here ends the run (and any breach) like any jack out.
 */
export const karuna: CardBehaviour = {
  code: CODE,
  subroutines: [
    {
      label: 'Do 2 net damage. The Runner may jack out.',
      resolve: (g, ice) => {
        dealDamage(g, 'net', 2);
        if (!g.outcome && g.run && !g.run.ending) ask(g, 'runner', CODE, 'jack-out', ice);
      },
    },
    { label: 'Do 2 net damage.', resolve: (g) => void dealDamage(g, 'net', 2) },
  ],
  choices: {
    'jack-out': {
      prompt: 'The Runner may jack out.',
      options: () => [option('continue'), option('jack-out')],
      resolve: (g, _d, o) => {
        if (o.value === 'jack-out') endTheRun(g, true);
      },
    },
  },
};
