import type { CardBehaviour } from '../behaviour.js';
import { ask, creditsFrom, markUsed, no, usedThisTurn, yes } from '../helpers.js';

const CODE = '30010';

/**
 * Zahya Sadeghi: Versatile Smuggler — Once per turn → When a run on HQ or R&D ends, you may
 * gain 1[credit] for each time you accessed a card during that run. Rulings: counts accesses,
 * not distinct cards; the run need not be successful.
 */
export const zahya: CardBehaviour = {
  code: CODE,
  triggers: [
    {
      on: 'run-ends',
      where: 'identity',
      when: (g, source, event) =>
        event.e === 'run-ends' &&
        (event.server === 'hq' || event.server === 'rd') &&
        !usedThisTurn(g, source, 'smuggle') &&
        (g.run?.breach?.accessed ?? 0) > 0,
      resolve: (g, source) => ask(g, 'runner', CODE, 'gain', source, g.run?.breach?.accessed ?? 0),
    },
  ],
  choices: {
    gain: {
      prompt: 'The Runner may gain 1[credit] for each card it accessed this run (once per turn).',
      options: () => [yes, no],
      resolve: (g, d, o) => {
        if (o.value !== 'yes' || !d.source) return;
        markUsed(g, d.source, 'smuggle');
        creditsFrom(g, d.source, 'runner', typeof d.data === 'number' ? d.data : 0);
      },
    },
  },
};
