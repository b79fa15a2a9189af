import type { CardBehaviour } from '../behaviour.js';
import { gainOnPlay } from '../helpers.js';

/** Government Subsidy — Gain 15[credit]. */
export const governmentSubsidy: CardBehaviour = { code: '30064', play: gainOnPlay(15) };
