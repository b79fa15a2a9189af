import type { CardBehaviour } from '../behaviour.js';
import { gainOnPlay } from '../helpers.js';

/** Hedge Fund — Gain 9[credit]. */
export const hedgeFund: CardBehaviour = { code: '30075', play: gainOnPlay(9) };
