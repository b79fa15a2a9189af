import { log } from '../../state/log.js';
import { moveCard } from '../../state/zones.js';
import { drawCards } from '../../rules/draw.js';
import { shuffleDeck } from '../../rules/setup.js';
import type { CardBehaviour } from '../behaviour.js';
import { ask } from '../helpers.js';
import { hqCardChoice } from './blind-keys.js';

const CODE = '30041';

/** Sprint — Draw 3 cards. Shuffle 2 cards from HQ into R&D. */
export const sprint: CardBehaviour = {
  code: CODE,
  play: (g, source) => {
    drawCards(g, 'corp', 3);
    if (!g.outcome && g.corp.hq.length > 0) ask(g, 'corp', CODE, 'shuffle', source, 2);
  },
  choices: {
    shuffle: {
      prompt: 'The Corp shuffles 2 cards from HQ into R&D.',
      options: (g) => g.corp.hq.map((uid) => hqCardChoice(g, uid, 'sprint_return')),
      resolve: (g, d, o) => {
        if (o.card) {
          log(g, 'corp', 'Corp puts {0} into R&D.', [
            { uid: o.card, seenBy: ['corp'], hidden: '1 card from HQ' },
          ]);
          moveCard(g, o.card, { zone: 'rd' }, { at: 'top' });
        }
        const left = (typeof d.data === 'number' ? d.data : 1) - 1;
        if (left > 0 && g.corp.hq.length > 0)
          return ask(g, 'corp', CODE, 'shuffle', d.source, left);
        shuffleDeck(g, 'corp');
        log(g, 'corp', 'Corp shuffles R&D.');
      },
    },
  },
};
