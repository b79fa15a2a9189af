import { typeOf } from '../../facts.js';
import { log, PUBLIC } from '../../state/log.js';
import { isTagged } from '../../rules/tags.js';
import { trashCard } from '../../rules/trash.js';
import type { Game } from '../../state/types.js';
import type { CardBehaviour } from '../behaviour.js';
import { ask, cardChoice } from '../helpers.js';

const CODE = '30065';

const targets = (g: Game) =>
  g.runner.rig.filter((uid) => ['program', 'hardware'].includes(typeOf(g.cards[uid]?.code ?? '')));

/** Retribution — Play only if the Runner is tagged. Trash 1 installed program or piece of hardware. */
export const retribution: CardBehaviour = {
  code: CODE,
  statics: { canPlay: (g) => isTagged(g) && targets(g).length > 0 },
  play: (g, source) => ask(g, 'corp', CODE, 'trash', source),
  choices: {
    trash: {
      prompt: 'The Corp trashes 1 installed program or piece of hardware.',
      options: (g) => targets(g).map((uid) => cardChoice(g, uid, true)),
      resolve: (g, _d, o) => {
        if (!o.card) return;
        log(g, 'corp', 'Retribution trashes {0}.', [{ uid: o.card, seenBy: PUBLIC }]);
        trashCard(g, o.card, 'corp');
      },
    },
  },
};
