import { drawCards } from '../../rules/draw.js';
import type { CardBehaviour } from '../behaviour.js';
import { trashIfEmpty } from '../neutral-corp/30071-regolith-mining-license.js';
import { aboutSelf, loadCredits, takeHostedCredits } from '../helpers.js';

/**
 * Nico Campaign — When you rez this asset, load 9[credit] onto it. When it is empty, trash it
 * and draw 1 card. When your turn begins, take 3[credit] from this asset. Ruling: the draw
 * happens only when its own ability trashes it.
 */
export const nicoCampaign: CardBehaviour = {
  code: '30037',
  triggers: [
    { on: 'rez', when: aboutSelf, resolve: (g, source) => loadCredits(g, source, 9) },
    {
      on: 'turn-begins',
      when: (_g, _s, event) => event.e === 'turn-begins' && event.side === 'corp',
      resolve: (g, source) => {
        takeHostedCredits(g, source, 3, 'corp');
        if (trashIfEmpty(g, source)) drawCards(g, 'corp', 1);
      },
    },
  ],
};
