import { dealDamage } from '../../rules/damage.js';
import type { CardBehaviour } from '../behaviour.js';

/**
 * Neurospike — Do X net damage, X the sum of the printed agenda points on agendas you scored
 * this turn. Ruling: read from the turn's history, so a forfeited agenda still counts.
 */
export const neurospike: CardBehaviour = {
  code: '30049',
  play: (g) => {
    const x = g.memory.scoredPoints.reduce((a, b) => a + b, 0);
    dealDamage(g, 'net', x);
  },
};
