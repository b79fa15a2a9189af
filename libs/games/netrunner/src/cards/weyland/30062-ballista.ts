import { typeOf } from '../../facts.js';
import { log, PUBLIC } from '../../state/log.js';
import { endTheRun } from '../../rules/run.js';
import { trashCard } from '../../rules/trash.js';
import type { Game } from '../../state/types.js';
import type { CardBehaviour } from '../behaviour.js';
import { ask, cardChoice, option } from '../helpers.js';

const CODE = '30062';

const programs = (g: Game) =>
  g.runner.rig.filter((uid) => typeOf(g.cards[uid]?.code ?? '') === 'program');

/**
 * Ballista — [sub] Trash 1 installed program or end the run. Ruling: the Corp chooses.
 */
export const ballista: CardBehaviour = {
  code: CODE,
  subroutines: [
    {
      label: 'Trash 1 installed program or end the run.',
      resolve: (g, ice) => ask(g, 'corp', CODE, 'choose', ice),
    },
  ],
  choices: {
    choose: {
      prompt: 'The Corp trashes 1 installed program or ends the run.',
      options: (g) => [
        option('end-the-run'),
        ...programs(g).map((uid) => cardChoice(g, uid, true)),
      ],
      resolve: (g, _d, o) => {
        if (!o.card) return endTheRun(g);
        log(g, 'corp', 'Ballista trashes {0}.', [{ uid: o.card, seenBy: PUBLIC }]);
        trashCard(g, o.card, 'corp');
      },
    },
  },
};
