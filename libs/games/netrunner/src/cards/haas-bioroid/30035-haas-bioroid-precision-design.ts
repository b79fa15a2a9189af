import { log } from '../../state/log.js';
import { moveCard } from '../../state/zones.js';
import type { CardBehaviour } from '../behaviour.js';
import { ask, no } from '../helpers.js';
import { archivesCardChoice } from './blind-keys.js';

const CODE = '30035';

/**
 * Haas-Bioroid: Precision Design — +1 maximum hand size. Whenever you score an agenda, you
 * may add 1 card from Archives to HQ.
 */
export const haasBioroidPrecisionDesign: CardBehaviour = {
  code: CODE,
  statics: { handSize: () => 1 },
  triggers: [
    {
      on: 'score',
      where: 'identity',
      resolve: (g, source) => {
        if (g.corp.archives.length > 0) ask(g, 'corp', CODE, 'recur', source);
      },
    },
  ],
  choices: {
    recur: {
      prompt: 'The Corp may add 1 card from Archives to HQ.',
      options: (g) => [
        no,
        ...g.corp.archives.map((uid) => archivesCardChoice(g, uid, 'archives_recur')),
      ],
      resolve: (g, _d, o) => {
        if (!o.card) return;
        log(g, 'corp', 'Corp adds {0} from Archives to HQ.', [{ uid: o.card, hidden: '1 card' }]);
        moveCard(g, o.card, { zone: 'hq' });
      },
    },
  },
};
