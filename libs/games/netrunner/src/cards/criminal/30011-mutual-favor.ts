import { hasSubtype } from '../../facts.js';
import { endPeek, peekAt } from '../../state/handles.js';
import { log, PUBLIC } from '../../state/log.js';
import { remember } from '../../state/memory.js';
import { moveCard } from '../../state/zones.js';
import { runnerInstallCost } from '../../rules/costs.js';
import { canPay } from '../../rules/credits.js';
import { installRunnerCard } from '../../rules/install.js';
import { shuffleDeck } from '../../rules/setup.js';
import type { Game } from '../../state/types.js';
import type { CardBehaviour } from '../behaviour.js';
import { ask, cardChoice, madeSuccessfulRunThisTurn, option } from '../helpers.js';

const CODE = '30011';

const breakers = (g: Game) =>
  g.runner.stack.filter((uid) => hasSubtype(g.cards[uid]?.code ?? '', 'Icebreaker'));

/**
 * Mutual Favor — Search your stack for 1 icebreaker and reveal it (shuffle the stack after
 * searching). If you made a successful run this turn, you may install that program (paying
 * its cost). If you do not, add it to your grip.
 */
export const mutualFavor: CardBehaviour = {
  code: CODE,
  play: (g, source) => {
    peekAt(g, g.runner.stack, 'runner');
    ask(g, 'runner', CODE, 'search', source);
  },
  choices: {
    search: {
      prompt: 'The Runner searches its stack for 1 icebreaker.',
      options: (g) => {
        const found = breakers(g).map((uid) => cardChoice(g, uid, true));
        return found.length > 0 ? found : [option('none')];
      },
      resolve: (g, d, o) => {
        endPeek(g, g.runner.stack);
        if (o.card) log(g, 'runner', 'Runner reveals {0}.', [{ uid: o.card, seenBy: PUBLIC }]);
        const found = o.card;
        if (found) moveCard(g, found, { zone: 'grip' });
        // Revealed into the grip: the Corp (and spectators) remember it there.
        if (found) remember(g, found, PUBLIC);
        shuffleDeck(g, 'runner');
        if (!found) return;
        if (madeSuccessfulRunThisTurn(g) && canPay(g, 'runner', runnerInstallCost(g, found))) {
          ask(g, 'runner', CODE, 'install', d.source, found);
        }
      },
    },
    install: {
      prompt: 'The Runner may install the icebreaker (else it stays in the grip).',
      options: () => [option('install'), option('grip')],
      resolve: (g, d, o) => {
        if (o.value === 'install' && typeof d.data === 'string') installRunnerCard(g, d.data);
      },
    },
  },
};
