import { drawCards } from '../../rules/draw.js';
import type { CardBehaviour } from '../behaviour.js';
import { aboutSelf, ask, no, yes } from '../helpers.js';

const CODE = '30070';

/** Superconducting Hub — When you score this agenda, you may draw 2 cards. +2 maximum hand size. */
export const superconductingHub: CardBehaviour = {
  code: CODE,
  statics: { handSize: () => 2 },
  triggers: [
    {
      on: 'score',
      where: 'scored',
      when: aboutSelf,
      resolve: (g, source) => ask(g, 'corp', CODE, 'draw', source),
    },
  ],
  choices: {
    draw: {
      prompt: 'The Corp may draw 2 cards.',
      options: () => [yes, no],
      resolve: (g, _d, o) => {
        if (o.value === 'yes') drawCards(g, 'corp', 2);
      },
    },
  },
};
