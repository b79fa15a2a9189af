import { canPay, spendClicks } from '../../rules/credits.js';
import { endTheRun } from '../../rules/run.js';
import { log } from '../../state/log.js';
import type { CardBehaviour } from '../behaviour.js';
import { ask, creditsFrom, option } from '../helpers.js';

const CODE = '30042';

/**
 * Manegarm Skunkworks — Whenever the Runner approaches this server, end the run unless they
 * either spend [click][click] or pay 5[credit]. Ruling: the last chance to rez it is the paid
 * ability window after the jack-out opportunity (movement 6.9.4e), before the approach.
 */
export const manegarmSkunkworks: CardBehaviour = {
  code: CODE,
  triggers: [
    {
      on: 'approach-server',
      when: (g, source, event) => {
        const loc = g.cards[source]?.loc;
        return event.e === 'approach-server' && loc?.zone === 'root' && loc.server === event.server;
      },
      resolve: (g, source) => ask(g, 'runner', CODE, 'toll', source),
    },
  ],
  choices: {
    toll: {
      prompt: 'The Runner spends [click][click] or pays 5[credit], or the run ends.',
      options: (g) => [
        option('end-the-run'),
        ...(g.runner.clicks >= 2 ? [option('spend-clicks')] : []),
        ...(canPay(g, 'runner', 5) ? [option('pay')] : []),
      ],
      resolve: (g, d, o) => {
        if (o.value === 'spend-clicks') {
          spendClicks(g, 'runner', 2);
          log(g, 'runner', 'Runner spends [click][click] for Manegarm Skunkworks.');
        } else if (o.value === 'pay') {
          creditsFrom(g, d.source ?? '', 'runner', -5);
        } else endTheRun(g);
      },
    },
  },
};
