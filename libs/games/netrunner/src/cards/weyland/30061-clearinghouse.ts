import { dealDamage } from '../../rules/damage.js';
import { trashCard } from '../../rules/trash.js';
import { log, PUBLIC } from '../../state/log.js';
import type { CardBehaviour } from '../behaviour.js';
import { ask, countersOn, no, yes } from '../helpers.js';

const CODE = '30061';

/**
 * Clearinghouse — You can advance this asset (even unrezzed, per ruling). When your turn
 * begins, you may trash this asset to do 1 meat damage for each hosted advancement counter.
 */
export const clearinghouse: CardBehaviour = {
  code: CODE,
  statics: { advanceable: true },
  triggers: [
    {
      on: 'turn-begins',
      when: (_g, _s, event) => event.e === 'turn-begins' && event.side === 'corp',
      resolve: (g, source) => ask(g, 'corp', CODE, 'fire', source),
    },
  ],
  choices: {
    fire: {
      prompt: 'The Corp may trash Clearinghouse to do 1 meat damage per advancement counter.',
      options: () => [no, yes],
      resolve: (g, d, o) => {
        const source = d.source;
        if (o.value !== 'yes' || !source || !g.cards[source]) return;
        const n = countersOn(g, source, 'advancement');
        log(g, 'corp', 'Corp trashes {0}.', [{ uid: source, seenBy: PUBLIC }]);
        trashCard(g, source, 'corp');
        dealDamage(g, 'meat', n);
      },
    },
  },
};
