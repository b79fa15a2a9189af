import type { CardBehaviour } from '../behaviour.js';

/** The Syndicate: Profit over Principle — "Starter game only." No ability. */
export const theSyndicate: CardBehaviour = { code: '30077' };
