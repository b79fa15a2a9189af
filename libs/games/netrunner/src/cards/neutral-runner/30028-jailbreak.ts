import type { CardBehaviour } from '../behaviour.js';
import { ask } from '../helpers.js';
import { chooseServerToRun } from '../criminal/run-event.js';

const CODE = '30028';

/**
 * Jailbreak — Run HQ or R&D. If successful, draw 1 card and when you breach the attacked
 * server, access 1 additional card. Rulings: the draw happens when the run is declared
 * successful; nothing applies if the run never becomes successful.
 */
export const jailbreak: CardBehaviour = {
  code: CODE,
  play: (g, source) => ask(g, 'runner', CODE, 'server', source),
  choices: {
    server: chooseServerToRun(
      () => ['hq', 'rd'],
      () => ({ drawOnSuccess: 1, extraAccess: 1 }),
    ),
  },
};
