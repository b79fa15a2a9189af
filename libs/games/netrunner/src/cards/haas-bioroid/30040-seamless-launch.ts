import { log } from '../../state/log.js';
import { placeAdvancements } from '../../rules/advance.js';
import { installedCorpCards } from '../../state/zones.js';
import type { Game } from '../../state/types.js';
import type { CardBehaviour } from '../behaviour.js';
import { ask } from '../helpers.js';
import { installedCardChoice, installedDescription } from './blind-keys.js';

const CODE = '30040';

/**
 * Installed cards (either side's, per ruling) that the Corp did not install this turn: only
 * the Corp installs Corp cards, and it never installs the Runner's.
 */
const targets = (g: Game) => [
  ...installedCorpCards(g).filter((uid) => g.cards[uid]?.installedTurn !== g.turn),
  ...g.runner.rig,
];

/**
 * Seamless Launch — Place 2 advancement counters on 1 installed card that you did not install
 * this turn. Rulings: any installed card, even one that cannot be advanced or the Runner's;
 * placing counters is not advancing.
 */
export const seamlessLaunch: CardBehaviour = {
  code: CODE,
  statics: { canPlay: (g) => targets(g).length > 0 },
  play: (g, source) => ask(g, 'corp', CODE, 'target', source),
  choices: {
    target: {
      prompt: 'The Corp places 2 advancement counters on 1 installed card.',
      options: (g) => targets(g).map((uid) => installedCardChoice(g, uid, 'seamless_target')),
      resolve: (g, _d, o) => {
        if (!o.card) return;
        placeAdvancements(g, o.card, 2);
        log(g, 'corp', 'Seamless Launch places 2 advancement counters on {0}.', [
          { uid: o.card, hidden: installedDescription(g, o.card) },
        ]);
      },
    },
  },
};
