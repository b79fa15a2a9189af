import { log, PUBLIC } from '../../state/log.js';
import { trashCard } from '../../rules/trash.js';
import type { CardBehaviour } from '../behaviour.js';
import { ask, cardChoice, markUsed, usedThisTurn } from '../helpers.js';

const CODE = '30003';

/**
 * Carnivore — +1[mu]. Access, once per turn → Trash 2 cards from your grip: Trash the card you
 * are accessing. Limit 1 console per player. Rulings: it can trash an agenda (no steal then);
 * Loup triggers only after it fully resolves; Ansel 1.0's last subroutine forbids it.
 */
export const carnivore: CardBehaviour = {
  code: CODE,
  statics: { memory: 1 },
  accessAbilities: [
    {
      id: 'trash',
      label: 'Trash 2 cards from your grip: trash the card you are accessing',
      usable: (g, source) => !usedThisTurn(g, source, 'trash') && g.runner.grip.length >= 2,
      resolve: (g, source, accessed) => {
        markUsed(g, source, 'trash');
        ask(g, 'runner', CODE, 'cost', source, { accessed, left: 2 });
      },
    },
  ],
  choices: {
    cost: {
      prompt: 'The Runner trashes 2 cards from its grip.',
      options: (g) => g.runner.grip.map((uid) => cardChoice(g, uid, true)),
      resolve: (g, d, o) => {
        const data = d.data as { accessed: string; left: number };
        if (o.card) {
          // Public: it lands faceup in the heap.
          log(g, 'runner', 'Runner trashes {0} from the grip for Carnivore.', [
            { uid: o.card, seenBy: PUBLIC },
          ]);
          trashCard(g, o.card, 'runner');
        }
        if (data.left > 1)
          return ask(g, 'runner', CODE, 'cost', d.source, { ...data, left: data.left - 1 });
        log(g, 'runner', 'Carnivore trashes {0}.', [{ uid: data.accessed, seenBy: PUBLIC }]);
        trashCard(g, data.accessed, 'runner', { accessing: true });
      },
    },
  },
};
