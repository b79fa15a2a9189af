import { hasSubtype } from '../../facts.js';
import type { CardBehaviour } from '../behaviour.js';
import { addCounters, ask, no, yes } from '../helpers.js';

const CODE = '30009';

/** Cookbook — Whenever you install a virus program, you may place 1 virus counter on it. */
export const cookbook: CardBehaviour = {
  code: CODE,
  triggers: [
    {
      on: 'install',
      when: (g, source, event) =>
        event.e === 'install' &&
        event.card !== source &&
        g.cards[event.card]?.side === 'runner' &&
        hasSubtype(g.cards[event.card]?.code ?? '', 'Virus'),
      resolve: (g, source, event) => {
        if (event.e === 'install') ask(g, 'runner', CODE, 'place', source, event.card);
      },
    },
  ],
  choices: {
    place: {
      prompt: 'The Runner may place 1 virus counter on the virus program it installed.',
      options: () => [yes, no],
      resolve: (g, d, o) => {
        if (o.value === 'yes' && typeof d.data === 'string') addCounters(g, d.data, 'virus', 1);
      },
    },
  },
};
