import { log } from '../../state/log.js';
import { moveCard } from '../../state/zones.js';
import { shuffleDeck } from '../../rules/setup.js';
import { trashCard } from '../../rules/trash.js';
import type { CardBehaviour } from '../behaviour.js';
import { aboutSelf, ask, option } from '../helpers.js';
import { archivesCardChoice, hqCardChoice } from '../haas-bioroid/blind-keys.js';

const CODE = '30044';

/**
 * Longevity Serum — When you score this agenda, trash any number of cards from HQ. Shuffle up
 * to 3 cards from Archives into R&D. (Cards trashed by the first sentence may be among those
 * shuffled back.) Choices are one card at a time, then `done`.
 */
export const longevitySerum: CardBehaviour = {
  code: CODE,
  triggers: [
    {
      on: 'score',
      where: 'scored',
      when: aboutSelf,
      resolve: (g, source) => ask(g, 'corp', CODE, 'trash', source),
    },
  ],
  choices: {
    trash: {
      prompt: 'The Corp trashes any number of cards from HQ.',
      options: (g) => [
        option('done'),
        ...g.corp.hq.map((uid) => hqCardChoice(g, uid, 'longevity_trash')),
      ],
      resolve: (g, d, o) => {
        if (o.card) {
          trashCard(g, o.card, 'corp');
          log(g, 'corp', 'Corp trashes {0}.', [
            { uid: o.card, seenBy: ['corp'], hidden: '1 card from HQ' },
          ]);
          if (g.corp.hq.length > 0) return ask(g, 'corp', CODE, 'trash', d.source);
        }
        ask(g, 'corp', CODE, 'shuffle', d.source, 3);
      },
    },
    shuffle: {
      prompt: 'The Corp shuffles up to 3 cards from Archives into R&D.',
      options: (g) => [
        option('done'),
        ...g.corp.archives.map((uid) => archivesCardChoice(g, uid, 'longevity_shuffle')),
      ],
      resolve: (g, d, o) => {
        const left = typeof d.data === 'number' ? d.data : 0;
        if (o.card) {
          log(g, 'corp', 'Corp adds {0} from Archives to R&D.', [
            { uid: o.card, hidden: '1 card' },
          ]);
          moveCard(g, o.card, { zone: 'rd' }, { at: 'top' });
          if (left > 1 && g.corp.archives.length > 0)
            return ask(g, 'corp', CODE, 'shuffle', d.source, left - 1);
        }
        shuffleDeck(g, 'corp');
        log(g, 'corp', 'Corp shuffles R&D.');
      },
    },
  },
};
