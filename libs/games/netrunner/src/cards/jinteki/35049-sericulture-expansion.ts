import { facts } from '../../facts.js';
import { log } from '../../state/log.js';
import { placeAdvancements } from '../../rules/advance.js';
import { installedCorpCards } from '../../state/zones.js';
import type { Game } from '../../state/types.js';
import type { CardBehaviour } from '../behaviour.js';
import { aboutSelf, addCounters, ask, countersOn, no } from '../helpers.js';
import { installedCardChoice, installedDescription } from '../haas-bioroid/blind-keys.js';

const CODE = '35049';

/** Every installed card (both sides): "1 installed card" is not limited to the Corp's. */
function installedCards(g: Game): string[] {
  return [...installedCorpCards(g), ...g.runner.rig];
}

/**
 * Sericulture Expansion — Dividends 1 (when you score this agenda, place 1 agenda counter on
 * it for each excess advancement counter). When your discard phase ends, you may remove 1
 * hosted agenda counter to place 2 advancement counters on 1 installed card (you cannot score
 * that card this turn). Each scored copy is its own pending ability: two copies give two
 * decisions, the later-queued answered first (decision stack, LIFO).
 */
export const sericultureExpansion: CardBehaviour = {
  code: CODE,
  triggers: [
    {
      on: 'score',
      where: 'scored',
      when: aboutSelf,
      resolve: (g, source, event) => {
        if (event.e !== 'score') return;
        const excess = event.advancements - (facts(CODE).advancementCost ?? 0);
        if (excess > 0) addCounters(g, source, 'agenda', excess);
      },
    },
    {
      on: 'discard-phase-ends',
      where: 'scored',
      stacks: true,
      when: (g, source, event) =>
        event.e === 'discard-phase-ends' &&
        event.side === 'corp' &&
        g.cards[source]?.loc.zone === 'scored' &&
        g.corp.scored.includes(source) &&
        countersOn(g, source, 'agenda') > 0,
      resolve: (g, source) => ask(g, 'corp', CODE, 'place', source),
    },
  ],
  choices: {
    place: {
      prompt:
        'The Corp may remove 1 agenda counter to place 2 advancement counters on 1 installed card.',
      options: (g) => [
        no,
        ...installedCards(g).map((uid) => installedCardChoice(g, uid, 'sericulture_target')),
      ],
      resolve: (g, d, o) => {
        if (!o.card || !d.source || countersOn(g, d.source, 'agenda') < 1) return;
        addCounters(g, d.source, 'agenda', -1);
        placeAdvancements(g, o.card, 2);
        const target = g.cards[o.card];
        if (target) target.noScoreTurn = g.turn;
        log(g, 'corp', 'Sericulture Expansion places 2 advancement counters on {0}.', [
          { uid: o.card, hidden: installedDescription(g, o.card) },
        ]);
      },
    },
  },
};
