import { canPay } from '../../rules/credits.js';
import { endTheRun } from '../../rules/run.js';
import { giveTags } from '../../rules/tags.js';
import type { CardBehaviour } from '../behaviour.js';
import { ask, creditsFrom, option } from '../helpers.js';

const CODE = '30054';

/**
 * Funhouse — When the Runner encounters this ice, end the run unless the Runner takes 1 tag.
 * [sub] Give the Runner 1 tag unless they pay 4[credit]. Rulings: taking the tag is a nested
 * cost (not taking it ends the run); an ability triggered by an encounter beginning resolves
 * only while that encounter is still taking place (a bypass or an ended run stops it).
 */
export const funhouse: CardBehaviour = {
  code: CODE,
  triggers: [
    {
      on: 'encounter',
      when: (_g, source, event) => event.e === 'encounter' && event.ice === source,
      resolve: (g, source) => {
        if (g.run?.encounter?.ice === source && !g.run.ending)
          ask(g, 'runner', CODE, 'toll', source);
      },
    },
  ],
  subroutines: [
    {
      label: 'Give the Runner 1 tag unless they pay 4[credit].',
      resolve: (g, ice) => ask(g, 'runner', CODE, 'pay', ice),
    },
  ],
  choices: {
    toll: {
      prompt: 'The Runner takes 1 tag, or the run ends.',
      options: () => [option('take-tag'), option('end-the-run')],
      resolve: (g, _d, o) => {
        if (o.value === 'take-tag') giveTags(g, 1);
        else endTheRun(g);
      },
    },
    pay: {
      prompt: 'The Runner pays 4[credit], or takes 1 tag.',
      options: (g) => [option('take-tag'), ...(canPay(g, 'runner', 4) ? [option('pay')] : [])],
      resolve: (g, d, o) => {
        if (o.value === 'pay') creditsFrom(g, d.source ?? '', 'runner', -4);
        else giveTags(g, 1);
      },
    },
  },
};
