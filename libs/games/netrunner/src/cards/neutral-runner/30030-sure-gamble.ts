import type { CardBehaviour } from '../behaviour.js';
import { gainOnPlay } from '../helpers.js';

/** Sure Gamble — Gain 9[credit]. */
export const sureGamble: CardBehaviour = { code: '30030', play: gainOnPlay(9) };
