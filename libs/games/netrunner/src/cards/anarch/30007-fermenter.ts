import { gainCredits } from '../../rules/credits.js';
import { signedCredits } from '../../rules/credit-text.js';
import { trashCard } from '../../rules/trash.js';
import { log, PUBLIC } from '../../state/log.js';
import type { CardBehaviour } from '../behaviour.js';
import { countersOn } from '../helpers.js';
import { virusGrowth } from './virus.js';

/**
 * Fermenter — When you install this program and when your turn begins, place 1 virus counter
 * on it. [click], [trash]: Gain 2[credit] for each hosted virus counter.
 */
export const fermenter: CardBehaviour = {
  code: '30007',
  triggers: virusGrowth(),
  abilities: [
    {
      id: 'cash-out',
      label: 'Trash: gain 2[credit] per virus counter',
      timing: 'click',
      ownLine: true,
      usable: () => true,
      resolve: (g, source) => {
        const n = countersOn(g, source, 'virus');
        trashCard(g, source, 'runner');
        gainCredits(g, 'runner', 2 * n);
        log(g, 'runner', `Runner spends [click] and trashes {0} to gain ${signedCredits(2 * n)}.`, [
          { uid: source, seenBy: PUBLIC },
        ]);
      },
    },
  ],
};
