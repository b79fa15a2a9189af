import type { CardBehaviour } from '../behaviour.js';
import {
  addCounters,
  breakSubroutines,
  countersOn,
  encounteredIce,
  unbrokenSubs,
} from '../helpers.js';
import { virusGrowth } from './virus.js';

/**
 * Botulus — Install only on a piece of ice (trashed if the host is uninstalled; kept if it is
 * derezzed). When you install this program and when your turn begins, place 1 virus counter
 * on it. Hosted virus counter: Break 1 subroutine on host ice.
 */
export const botulus: CardBehaviour = {
  code: '30004',
  statics: { hostOnIce: true },
  triggers: virusGrowth(),
  abilities: [
    {
      id: 'break',
      label: 'Hosted virus counter: break 1 subroutine on host ice',
      timing: 'encounter',
      ownLine: true,
      targets: (g) => unbrokenSubs(g).map((i) => ({ subs: [i] })),
      usable: (g, source, target) =>
        !!target &&
        countersOn(g, source, 'virus') > 0 &&
        encounteredIce(g) !== null &&
        encounteredIce(g) === g.cards[source]?.host,
      resolve: (g, source, target) => {
        addCounters(g, source, 'virus', -1);
        breakSubroutines(g, source, target?.subs ?? [], ' (−1 hosted virus counter)');
      },
    },
  ],
};
