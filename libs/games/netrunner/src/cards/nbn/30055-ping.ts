import { giveTags } from '../../rules/tags.js';
import type { CardBehaviour } from '../behaviour.js';
import { endTheRunSub } from '../helpers.js';

/**
 * Ping — When you rez this ice during a run against this server, give the Runner 1 tag.
 * [sub] End the run. Ruling: any rez during such a run counts, not only at approach.
 */
export const ping: CardBehaviour = {
  code: '30055',
  triggers: [
    {
      on: 'rez',
      when: (g, source, event) => {
        const loc = g.cards[source]?.loc;
        return (
          event.e === 'rez' &&
          event.card === source &&
          !!g.run &&
          !g.run.ending &&
          loc?.zone === 'ice' &&
          loc.server === g.run.server
        );
      },
      resolve: (g) => giveTags(g, 1),
    },
  ],
  subroutines: [endTheRunSub],
};
