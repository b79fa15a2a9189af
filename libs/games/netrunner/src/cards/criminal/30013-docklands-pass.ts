import type { CardBehaviour } from '../behaviour.js';

/**
 * Docklands Pass — The first time each turn you breach HQ, access 1 additional card. Ruling:
 * only a breach that actually happens counts.
 */
export const docklandsPass: CardBehaviour = {
  code: '30013',
  statics: {
    extraAccess: (_g, _source, server, first) => (server === 'hq' && first ? 1 : 0),
  },
};
