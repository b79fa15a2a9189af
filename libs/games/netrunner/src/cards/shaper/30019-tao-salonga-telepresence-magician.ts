import { log, PUBLIC } from '../../state/log.js';
import { serverLabel } from '../../rules/install.js';
import { swapIce } from '../../rules/swap-ice.js';
import { installedCorpCards } from '../../state/zones.js';
import type { Game } from '../../state/types.js';
import type { CardBehaviour, ChoiceOption, TriggerDef } from '../behaviour.js';
import { canSee } from '../../state/handles.js';
import { ask, cardChoice, no } from '../helpers.js';

const CODE = '30019';

const installedIce = (g: Game) =>
  installedCorpCards(g).filter((uid) => g.cards[uid]?.loc.zone === 'ice');

/**
 * A piece of ice as a Runner option: its code is the key only if the Runner can see it;
 * otherwise its public position (an unrezzed card's code must not reach the Runner's key).
 */
function iceOption(g: Game, uid: string): ChoiceOption {
  const c = g.cards[uid];
  if (!c || c.loc.zone !== 'ice' || canSee(c, 'runner')) return cardChoice(g, uid, true);
  const index = g.servers[c.loc.server]?.ice.indexOf(uid) ?? -1;
  return { value: uid, card: uid, key: `ice:${c.loc.server}:${index}`, public: true };
}

const offer = (on: 'score' | 'steal'): TriggerDef => ({
  on,
  where: 'identity',
  resolve: (g, source) => {
    if (installedIce(g).length >= 2) ask(g, 'runner', CODE, 'first', source);
  },
});

/**
 * Tāo Salonga: Telepresence Magician — Whenever an agenda is scored or stolen, you may swap 2
 * installed pieces of ice (any servers; each takes the other's position).
 */
export const taoSalonga: CardBehaviour = {
  code: CODE,
  triggers: [offer('score'), offer('steal')],
  choices: {
    first: {
      prompt: 'The Runner may swap 2 installed pieces of ice.',
      options: (g) => [no, ...installedIce(g).map((uid) => iceOption(g, uid))],
      resolve: (g, d, o) => {
        if (o.card) ask(g, 'runner', CODE, 'second', d.source, o.card);
      },
    },
    second: {
      prompt: 'The Runner chooses the other piece of ice.',
      options: (g, d) =>
        installedIce(g)
          .filter((uid) => uid !== d.data)
          .map((uid) => iceOption(g, uid)),
      resolve: (g, d, o) => {
        if (!o.card || typeof d.data !== 'string') return;
        // Where each was, named before the swap: unrezzed ice reads the same otherwise.
        const where = (uid: string) => {
          const loc = g.cards[uid]?.loc;
          return loc && 'server' in loc ? ` protecting ${serverLabel(loc.server)}` : '';
        };
        const text = `Runner uses {2} to swap {0}${where(d.data)} and {1}${where(o.card)}.`;
        const cards = [
          { uid: d.data, hidden: 'a piece of ice' },
          { uid: o.card, hidden: 'a piece of ice' },
          { uid: d.source ?? '', seenBy: PUBLIC },
        ];
        swapIce(g, d.data, o.card);
        log(g, 'runner', text, cards);
      },
    },
  },
};
