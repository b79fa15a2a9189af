import type { CardBehaviour } from '../behaviour.js';
import { ask } from '../helpers.js';
import { chooseServerToRun } from './run-event.js';

const CODE = '30012';

/**
 * Tread Lightly — Run any server. During that run, the rez cost of each piece of ice is
 * increased by 3[credit] (ruling: increases apply before decreases).
 */
export const treadLightly: CardBehaviour = {
  code: CODE,
  play: (g, source) => ask(g, 'runner', CODE, 'server', source),
  choices: {
    server: chooseServerToRun(
      (g) => [...g.serverOrder],
      () => ({ iceRezIncrease: 3 }),
    ),
  },
};
