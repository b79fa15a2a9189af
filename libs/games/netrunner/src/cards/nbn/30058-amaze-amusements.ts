import { giveTags } from '../../rules/tags.js';
import type { CardBehaviour } from '../behaviour.js';

/**
 * AMAZE Amusements — Persistent → Whenever a run on this server ends, if the Runner stole any
 * agendas during that run, give the Runner 2 tags. Rulings: persistence holds only when the
 * Runner trashes it while accessing it, and only if it was active (rezzed) then; the run keeps
 * such cards in `mods.persistent` (trash.ts) and their abilities stay active until it ends.
 */
export const amazeAmusements: CardBehaviour = {
  code: '30058',
  statics: { persistent: true },
  triggers: [
    {
      on: 'run-ends',
      when: (g, source) => {
        const run = g.run;
        if (!run?.stole) return false;
        if (run.mods.persistent.includes(source)) return true;
        const loc = g.cards[source]?.loc;
        return loc?.zone === 'root' && loc.server === run.server;
      },
      resolve: (g) => giveTags(g, 2),
    },
  ],
};
