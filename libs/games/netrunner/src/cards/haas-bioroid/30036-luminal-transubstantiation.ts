import { writableMemory } from '../../state/draft.js';
import { gainClicks } from '../../rules/credits.js';
import { log } from '../../state/log.js';
import type { CardBehaviour } from '../behaviour.js';
import { aboutSelf } from '../helpers.js';

/**
 * Luminal Transubstantiation — When you score this agenda, gain [click][click][click]. You
 * cannot score agendas for the remainder of the turn.
 */
export const luminalTransubstantiation: CardBehaviour = {
  code: '30036',
  triggers: [
    {
      on: 'score',
      where: 'scored',
      when: aboutSelf,
      resolve: (g) => {
        gainClicks(g, 'corp', 3);
        writableMemory(g).corpCannotScore = true;
        log(
          g,
          'corp',
          'Corp gains [click][click][click] and cannot score agendas for the remainder of the turn.',
        );
      },
    },
  ],
};
