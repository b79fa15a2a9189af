import { canPay, pay } from '../../rules/credits.js';
import { dealDamage } from '../../rules/damage.js';
import { giveTags } from '../../rules/tags.js';
import { log } from '../../state/log.js';
import type { CardBehaviour } from '../behaviour.js';
import { ask, no, yes } from '../helpers.js';

const CODE = '35050';

/**
 * Byte! — While the Runner is accessing this asset in R&D, they must reveal it. When the
 * Runner accesses this asset anywhere except in Archives, you may pay 4[credit]. If you do,
 * give the Runner 1 tag and do 3 net damage.
 */
export const byte: CardBehaviour = {
  code: CODE,
  statics: { revealWhenAccessedFrom: ['rd'] },
  onAccess: (g, source, from) => {
    if (from === 'archives' || !canPay(g, 'corp', 4)) return;
    ask(g, 'corp', CODE, 'pay', source);
  },
  choices: {
    pay: {
      prompt: 'The Corp may pay 4[credit] to give the Runner 1 tag and do 3 net damage.',
      options: () => [no, yes],
      resolve: (g, _d, o) => {
        if (o.value !== 'yes' || !canPay(g, 'corp', 4)) return;
        pay(g, 'corp', 4);
        log(g, 'corp', 'Corp pays 4[credit] for Byte!.');
        giveTags(g, 1);
        dealDamage(g, 'net', 3);
      },
    },
  },
};
