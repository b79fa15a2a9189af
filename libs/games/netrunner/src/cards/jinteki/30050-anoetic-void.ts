import { log } from '../../state/log.js';
import { canPay } from '../../rules/credits.js';
import { endTheRun } from '../../rules/run.js';
import { trashCard } from '../../rules/trash.js';
import type { Game } from '../../state/types.js';
import type { CardBehaviour } from '../behaviour.js';
import { ask, creditsFrom, no, yes } from '../helpers.js';
import { hqCardChoice } from '../haas-bioroid/blind-keys.js';

const CODE = '30050';

const able = (g: Game) => canPay(g, 'corp', 2) && g.corp.hq.length >= 2;

/**
 * Anoetic Void — Whenever the Runner approaches this server, you may pay 2[credit] and trash 2
 * cards from HQ. If you do, end the run. Ruling: an upgrade in the root of HQ is not "in HQ".
 */
export const anoeticVoid: CardBehaviour = {
  code: CODE,
  triggers: [
    {
      on: 'approach-server',
      when: (g, source, event) => {
        const loc = g.cards[source]?.loc;
        return event.e === 'approach-server' && loc?.zone === 'root' && loc.server === event.server;
      },
      resolve: (g, source) => {
        if (able(g)) ask(g, 'corp', CODE, 'use', source);
      },
    },
  ],
  choices: {
    use: {
      prompt: 'The Corp may pay 2[credit] and trash 2 cards from HQ to end the run.',
      options: () => [no, yes],
      resolve: (g, d, o) => {
        if (o.value !== 'yes' || !able(g)) return;
        creditsFrom(g, d.source ?? '', 'corp', -2);
        ask(g, 'corp', CODE, 'trash', d.source, 2);
      },
    },
    trash: {
      prompt: 'The Corp trashes a card from HQ.',
      options: (g) => g.corp.hq.map((uid) => hqCardChoice(g, uid, 'anoetic_trash')),
      resolve: (g, d, o) => {
        if (o.card) {
          trashCard(g, o.card, 'corp');
          log(g, 'corp', 'Corp trashes {0}.', [
            { uid: o.card, seenBy: ['corp'], hidden: '1 card from HQ' },
          ]);
        }
        const left = (typeof d.data === 'number' ? d.data : 1) - 1;
        if (left > 0 && g.corp.hq.length > 0) return ask(g, 'corp', CODE, 'trash', d.source, left);
        endTheRun(g);
      },
    },
  },
};
