import type { CardBehaviour } from '../behaviour.js';

/** T400 Memory Diamond — +1[mu]. You get +1 maximum hand size. */
export const t400MemoryDiamond: CardBehaviour = {
  code: '30031',
  statics: { memory: 1, handSize: () => 1 },
};
