import { log, PUBLIC } from '../../state/log.js';
import { moveCard } from '../../state/zones.js';
import { drawCards } from '../../rules/draw.js';
import { shuffleDeck } from '../../rules/setup.js';
import type { CardBehaviour } from '../behaviour.js';
import { aboutSelf, ask, cardChoice, option } from '../helpers.js';

const CODE = '30053';

/**
 * Spin Doctor — When you rez this asset, draw 2 cards. Remove this asset from the game:
 * Shuffle up to 2 cards from Archives into R&D. Ruling: usable with an empty Archives (the
 * shuffle changes the game) but only with 2 or more cards in R&D.
 */
export const spinDoctor: CardBehaviour = {
  code: CODE,
  triggers: [{ on: 'rez', when: aboutSelf, resolve: (g) => void drawCards(g, 'corp', 2) }],
  abilities: [
    {
      id: 'remove',
      label: 'Remove from the game: shuffle up to 2 cards from Archives into R&D',
      timing: 'paid',
      ownLine: true,
      usable: (g) => g.corp.rd.length >= 2 || g.corp.archives.length > 0,
      resolve: (g, source) => {
        moveCard(g, source, { zone: 'removed' });
        log(
          g,
          'corp',
          'Corp removes {0} from the game to shuffle up to 2 cards from Archives into R&D.',
          [{ uid: source, seenBy: PUBLIC }],
        );
        ask(g, 'corp', CODE, 'shuffle', source, 2);
      },
    },
  ],
  choices: {
    shuffle: {
      prompt: 'The Corp shuffles up to 2 cards from Archives into R&D.',
      options: (g) => [
        option('done'),
        ...g.corp.archives.map((uid) => cardChoice(g, uid, g.cards[uid]?.faceUp ?? false)),
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
