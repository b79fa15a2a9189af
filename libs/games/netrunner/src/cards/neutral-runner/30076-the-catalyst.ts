import type { CardBehaviour } from '../behaviour.js';

/** The Catalyst: Convention Breaker — "Starter game only." No game text. */
export const theCatalyst: CardBehaviour = { code: '30076' };
