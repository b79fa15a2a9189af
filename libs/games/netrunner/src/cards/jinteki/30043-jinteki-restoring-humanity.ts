import type { CardBehaviour } from '../behaviour.js';
import { creditsFrom } from '../helpers.js';

/**
 * Jinteki: Restoring Humanity — When your discard phase ends, if there is a facedown card in
 * Archives, gain 1[credit]. Ruling: cards discarded in that very discard phase count.
 */
export const jintekiRestoringHumanity: CardBehaviour = {
  code: '30043',
  triggers: [
    {
      on: 'discard-phase-ends',
      where: 'identity',
      when: (g, _s, event) =>
        event.e === 'discard-phase-ends' &&
        event.side === 'corp' &&
        g.corp.archives.some((uid) => g.cards[uid]?.faceUp === false),
      resolve: (g, source) => {
        creditsFrom(g, source, 'corp', 1);
      },
    },
  ],
};
