import { CENTRALS, type Game } from '../../state/types.js';
import { startRun } from '../../rules/run.js';
import type { CardBehaviour } from '../behaviour.js';
import { trashIfEmpty } from '../neutral-corp/30071-regolith-mining-license.js';
import { aboutSelf, ask, loadCredits, takeHostedCredits } from '../helpers.js';

const CODE = '30018';

/** Centrals the Runner has not run this turn (ruling: the announced server counts). */
const unrun = (g: Game) => CENTRALS.filter((s) => !g.memory.runsOn.includes(s));

/**
 * Red Team — When you install this resource, load 12[credit] onto it. When it is empty, trash
 * it. [click]: Run a central server you have not run this turn. If successful, take 3[credit]
 * from this resource.
 */
export const redTeam: CardBehaviour = {
  code: CODE,
  triggers: [
    { on: 'install', when: aboutSelf, resolve: (g, source) => loadCredits(g, source, 12) },
    {
      on: 'successful-run',
      when: (g, source) => g.run?.mods.redTeam === source,
      resolve: (g, source) => {
        takeHostedCredits(g, source, 3, 'runner');
        trashIfEmpty(g, source);
      },
    },
  ],
  abilities: [
    {
      id: 'run',
      label: 'Run a central server you have not run this turn',
      timing: 'click',
      usable: (g) => unrun(g).length > 0,
      resolve: (g, source) => ask(g, 'runner', CODE, 'server', source),
    },
  ],
  choices: {
    server: {
      prompt: 'The Runner chooses a central server it has not run this turn.',
      options: (g) => unrun(g).map((s) => ({ value: s, key: s, public: true })),
      resolve: (g, d, o) => startRun(g, o.value, { source: d.source, mods: { redTeam: d.source } }),
    },
  },
};
