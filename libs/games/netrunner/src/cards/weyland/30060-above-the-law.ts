import { typeOf } from '../../facts.js';
import { log, PUBLIC } from '../../state/log.js';
import { trashCard } from '../../rules/trash.js';
import type { Game } from '../../state/types.js';
import type { CardBehaviour } from '../behaviour.js';
import { aboutSelf, ask, cardChoice, no } from '../helpers.js';

const CODE = '30060';

const resources = (g: Game) =>
  g.runner.rig.filter((uid) => typeOf(g.cards[uid]?.code ?? '') === 'resource');

/** Above the Law — When you score this agenda, you may trash 1 installed resource. */
export const aboveTheLaw: CardBehaviour = {
  code: CODE,
  triggers: [
    {
      on: 'score',
      where: 'scored',
      when: aboutSelf,
      resolve: (g, source) => {
        if (resources(g).length > 0) ask(g, 'corp', CODE, 'trash', source);
      },
    },
  ],
  choices: {
    trash: {
      prompt: 'The Corp may trash 1 installed resource.',
      options: (g) => [no, ...resources(g).map((uid) => cardChoice(g, uid, true))],
      resolve: (g, _d, o) => {
        if (!o.card) return;
        log(g, 'corp', 'Above the Law trashes {0}.', [{ uid: o.card, seenBy: PUBLIC }]);
        trashCard(g, o.card, 'corp');
      },
    },
  },
};
