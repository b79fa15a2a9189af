import { log } from '../../state/log.js';
import { trashCard } from '../../rules/trash.js';
import type { CardBehaviour } from '../behaviour.js';
import { ask, creditsFrom } from '../helpers.js';
import { hqCardChoice } from '../haas-bioroid/blind-keys.js';

const CODE = '30048';

/**
 * Hansei Review — Gain 10[credit]. If there are any cards in HQ, trash 1 of them. Ruling: the
 * operation itself is in the play area, not HQ, while it resolves.
 */
export const hanseiReview: CardBehaviour = {
  code: CODE,
  play: (g, source) => {
    creditsFrom(g, source, 'corp', 10);
    if (g.corp.hq.length > 0) ask(g, 'corp', CODE, 'trash', source);
  },
  choices: {
    trash: {
      prompt: 'The Corp trashes 1 card from HQ.',
      options: (g) => g.corp.hq.map((uid) => hqCardChoice(g, uid, 'hansei_trash')),
      resolve: (g, _d, o) => {
        if (!o.card) return;
        trashCard(g, o.card, 'corp');
        log(g, 'corp', 'Corp trashes {0}.', [
          { uid: o.card, seenBy: ['corp'], hidden: '1 card from HQ' },
        ]);
      },
    },
  },
};
