import type { CardBehaviour } from '../behaviour.js';
import { ask } from '../helpers.js';
import { chooseServerToRun } from '../criminal/run-event.js';

const CODE = '30029';

/**
 * Overclock — Place 5[credit] on this event, then run any server. You can spend hosted
 * credits during that run. Rulings: they are never "lost" (Whitespace) nor counted as the
 * Runner's credits; unspent ones go with the event when the run ends.
 */
export const overclock: CardBehaviour = {
  code: CODE,
  play: (g, source) => ask(g, 'runner', CODE, 'server', source),
  choices: {
    server: chooseServerToRun(
      (g) => [...g.serverOrder],
      () => ({ hostedCredits: 5 }),
    ),
  },
};
