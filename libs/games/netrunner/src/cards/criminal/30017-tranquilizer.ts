import { derezCard } from '../../rules/rez.js';
import type { CardBehaviour } from '../behaviour.js';
import { countersOn } from '../helpers.js';
import { virusGrowth } from '../anarch/virus.js';

/**
 * Tranquilizer — Install only on a piece of ice. When you install this program and when your
 * turn begins, place 1 virus counter on it. Then, if there are 3 or more hosted virus
 * counters, derez host ice. Rulings: it checks only when that ability resolves; it stays on
 * the derezzed ice with its counters.
 */
export const tranquilizer: CardBehaviour = {
  code: '30017',
  statics: { hostOnIce: true },
  triggers: virusGrowth((g, source) => {
    const host = g.cards[source]?.host;
    if (host && countersOn(g, source, 'virus') >= 3 && g.cards[host]?.rezzed) derezCard(g, host);
  }),
};
