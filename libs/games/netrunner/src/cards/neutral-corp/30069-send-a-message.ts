import { typeOf } from '../../facts.js';
import { rezCard } from '../../rules/rez.js';
import type { Game } from '../../state/types.js';
import type { CardBehaviour, TriggerDef } from '../behaviour.js';
import { aboutSelf, ask, cardChoice, no } from '../helpers.js';

const CODE = '30069';

function unrezzedIce(g: Game): string[] {
  return g.serverOrder.flatMap((id) =>
    (g.servers[id]?.ice ?? []).filter(
      (uid) => !g.cards[uid]?.rezzed && typeOf(g.cards[uid]?.code ?? '') === 'ice',
    ),
  );
}

const offerRez = (on: 'score' | 'steal'): TriggerDef => ({
  on,
  where: 'scored',
  when: aboutSelf,
  resolve: (g, source) => {
    if (unrezzedIce(g).length > 0) ask(g, 'corp', CODE, 'rez', source);
  },
});

/**
 * Send a Message — When this agenda is scored or stolen, you may rez 1 installed piece of ice,
 * ignoring all costs (ruling: rez cost and additional costs alike).
 */
export const sendAMessage: CardBehaviour = {
  code: CODE,
  triggers: [offerRez('score'), offerRez('steal')],
  choices: {
    rez: {
      prompt: 'The Corp may rez 1 installed piece of ice, ignoring all costs.',
      options: (g) => [no, ...unrezzedIce(g).map((uid) => cardChoice(g, uid, true))],
      resolve: (g, _d, o) => {
        if (o.card) rezCard(g, o.card, { free: true });
      },
    },
  },
};
