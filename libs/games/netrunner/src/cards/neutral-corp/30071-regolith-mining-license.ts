import { log, PUBLIC } from '../../state/log.js';
import { trashCard } from '../../rules/trash.js';
import type { Game } from '../../state/types.js';
import type { CardBehaviour } from '../behaviour.js';
import { aboutSelf, hostedCredits, loadCredits, takeHostedCredits } from '../helpers.js';

/** "When it is empty, trash it." */
export function trashIfEmpty(g: Game, uid: string): boolean {
  if (hostedCredits(g, uid) > 0 || !g.cards[uid]) return false;
  log(g, null, '{0} is empty and is trashed.', [{ uid, seenBy: PUBLIC }]);
  trashCard(g, uid, g.cards[uid].side);
  return true;
}

/**
 * Regolith Mining License — When you rez this asset, load 15[credit] onto it. When it is
 * empty, trash it. [click]: Take 3[credit] from this asset.
 */
export const regolithMiningLicense: CardBehaviour = {
  code: '30071',
  triggers: [{ on: 'rez', when: aboutSelf, resolve: (g, source) => loadCredits(g, source, 15) }],
  abilities: [
    {
      id: 'take',
      label: 'Take 3[credit]',
      timing: 'click',
      ownLine: true,
      usable: (g, source) => hostedCredits(g, source) > 0,
      resolve: (g, source) => {
        takeHostedCredits(g, source, 3, 'corp', 'spends [click] to take');
        trashIfEmpty(g, source);
      },
    },
  ],
};
