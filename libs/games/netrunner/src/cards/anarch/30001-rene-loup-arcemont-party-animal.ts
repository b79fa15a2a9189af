import { drawCards } from '../../rules/draw.js';
import type { CardBehaviour } from '../behaviour.js';
import { creditsFrom, firstThisTurn } from '../helpers.js';

/**
 * René "Loup" Arcemont: Party Animal — The first time each turn you trash a card you are
 * accessing, gain 1[credit] and draw 1 card. Ruling: a mid-access ability (Carnivore) resolves
 * fully before this triggers.
 */
export const loup: CardBehaviour = {
  code: '30001',
  triggers: [
    {
      on: 'trash',
      where: 'identity',
      when: (g, _s, event) =>
        event.e === 'trash' && event.accessing && event.by === 'runner' && firstThisTurn(g, 'loup'),
      resolve: (g, source) => {
        creditsFrom(g, source, 'runner', 1);
        drawCards(g, 'runner', 1);
      },
    },
  ],
};
