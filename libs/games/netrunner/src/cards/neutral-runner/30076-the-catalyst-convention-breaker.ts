import type { CardBehaviour } from '../behaviour.js';

/** The Catalyst: Convention Breaker — "Starter game only." No ability. */
export const theCatalyst: CardBehaviour = { code: '30076' };
