import type { CardBehaviour } from '../behaviour.js';

/**
 * Verbal Plasticity — The first time each turn you take the basic action to draw 1 card,
 * instead draw 2 cards. ("First" counts basic draws made before it was installed, too.)
 */
export const verbalPlasticity: CardBehaviour = {
  code: '30034',
  statics: { basicDrawBonus: (g) => (g.memory.firsts['basic-draw:runner'] ? 0 : 1) },
};
