import { isCentral } from '../../state/types.js';
import type { CardBehaviour } from '../behaviour.js';
import { addCounters, countersOn, encounteredIce } from '../helpers.js';

/**
 * Leech — Whenever you make a successful run on a central server, place 1 virus counter on
 * this program. Hosted virus counter: The ice you are encountering gets -1 strength for the
 * remainder of this encounter. (Ruling: works on any encounter, rezzed or not.)
 */
export const leech: CardBehaviour = {
  code: '30008',
  triggers: [
    {
      on: 'successful-run',
      when: (_g, _s, event) => event.e === 'successful-run' && isCentral(event.server),
      resolve: (g, source) => addCounters(g, source, 'virus', 1),
    },
  ],
  abilities: [
    {
      id: 'weaken',
      label: 'Hosted virus counter: encountered ice gets -1 strength',
      timing: 'encounter',
      usable: (g, source) => encounteredIce(g) !== null && countersOn(g, source, 'virus') > 0,
      resolve: (g, source) => {
        addCounters(g, source, 'virus', -1);
        if (g.run?.encounter) g.run.encounter.iceStrength -= 1;
      },
    },
  ],
};
