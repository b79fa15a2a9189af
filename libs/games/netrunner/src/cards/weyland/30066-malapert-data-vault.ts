import { typeOf } from '../../facts.js';
import { endPeek, peekAt } from '../../state/handles.js';
import { log, PUBLIC } from '../../state/log.js';
import { remember } from '../../state/memory.js';
import { moveCard } from '../../state/zones.js';
import { shuffleDeck } from '../../rules/setup.js';
import type { Game } from '../../state/types.js';
import type { CardBehaviour } from '../behaviour.js';
import { ask, cardChoice, no, option, yes } from '../helpers.js';

const CODE = '30066';

const nonAgendas = (g: Game) =>
  g.corp.rd.filter((uid) => typeOf(g.cards[uid]?.code ?? '') !== 'agenda');

/**
 * Malapert Data Vault — Whenever you score an agenda from the root of this server, you may
 * search R&D for 1 non-agenda card and reveal it (shuffle R&D after searching). Add that card
 * to HQ. Ruling: "from this server" means the agenda was in the root of the vault's server
 * (the score event carries it). While searching, the Corp may look at R&D.
 */
export const malapertDataVault: CardBehaviour = {
  code: CODE,
  triggers: [
    {
      on: 'score',
      when: (g, source, event) => {
        const loc = g.cards[source]?.loc;
        return event.e === 'score' && loc?.zone === 'root' && event.from === loc.server;
      },
      resolve: (g, source) => ask(g, 'corp', CODE, 'search', source),
    },
  ],
  choices: {
    search: {
      prompt: 'The Corp may search R&D for 1 non-agenda card.',
      options: () => [no, yes],
      resolve: (g, d, o) => {
        if (o.value !== 'yes') return;
        log(g, 'corp', 'Corp searches R&D.');
        peekAt(g, g.corp.rd, 'corp');
        ask(g, 'corp', CODE, 'pick', d.source);
      },
    },
    pick: {
      prompt: 'The Corp chooses a non-agenda card in R&D.',
      options: (g) => {
        const cards = nonAgendas(g).map((uid) => cardChoice(g, uid, true));
        return cards.length > 0 ? cards : [option('none')];
      },
      resolve: (g, _d, o) => {
        endPeek(g, g.corp.rd);
        if (o.card) {
          moveCard(g, o.card, { zone: 'hq' });
          log(g, 'corp', 'Corp reveals {0} and adds it to HQ.', [{ uid: o.card, seenBy: PUBLIC }]);
          // Revealed into HQ: the Runner (and spectators) remember it there.
          remember(g, o.card, PUBLIC);
        }
        shuffleDeck(g, 'corp');
        log(g, 'corp', 'Corp shuffles R&D.');
      },
    },
  },
};
