import { startRun } from '../../rules/run.js';
import type { CardBehaviour } from '../behaviour.js';
import { addCounters, ask, no, yes } from '../helpers.js';

const CODE = '30024';

/**
 * Conduit — Whenever a successful run on R&D ends, you may place 1 virus counter on this
 * program. [click]: Run R&D. If successful, access X additional cards when you breach R&D, X
 * the hosted virus counters. Rulings: the counter comes after the breach (when the run ends);
 * X is read when the breach begins; if Conduit is gone by then, X is 0.
 */
export const conduit: CardBehaviour = {
  code: CODE,
  triggers: [
    {
      on: 'run-ends',
      when: (_g, _s, event) => event.e === 'run-ends' && event.server === 'rd' && event.successful,
      resolve: (g, source) => ask(g, 'runner', CODE, 'grow', source),
    },
  ],
  abilities: [
    {
      id: 'run',
      label: 'Run R&D',
      timing: 'click',
      usable: () => true,
      resolve: (g, source) => startRun(g, 'rd', { source, mods: { conduit: source } }),
    },
  ],
  choices: {
    grow: {
      prompt: 'The Runner may place 1 virus counter on Conduit.',
      options: () => [yes, no],
      resolve: (g, d, o) => {
        if (o.value === 'yes' && d.source) addCounters(g, d.source, 'virus', 1);
      },
    },
  },
};
