import { canPay } from '../../rules/credits.js';
import { dealDamage } from '../../rules/damage.js';
import { giveTags } from '../../rules/tags.js';
import { canSee } from '../../state/handles.js';

import { isCentral, type Game } from '../../state/types.js';
import type { CardBehaviour } from '../behaviour.js';
import { ask, creditsFrom, no, yes } from '../helpers.js';

const CODE = '35050';

/**
 * Whether the Corp's question on this access must be asked whatever the accessed card is: a
 * spectator does not see the card (HQ, or facedown in a remote root) and it could be a Byte!
 * (not R&D, where Byte! is revealed; not Archives, where it does nothing; not a central root,
 * which holds only upgrades), and the Corp could pay (credits are public).
 */
function maskedAccess(g: Game, accessed: string, from: string): boolean {
  const c = g.cards[accessed];
  if (!c || canSee(c, 'spectator') || !canPay(g, 'corp', 4)) return false;
  if (from === 'hq') return true;
  return from === 'root' && c.loc.zone === 'root' && !isCentral(c.loc.server);
}

/**
 * Byte! — While the Runner is accessing this asset in R&D, they must reveal it. When the
 * Runner accesses this asset anywhere except in Archives, you may pay 4[credit]. If you do,
 * give the Runner 1 tag and do 3 net damage.
 *
 * Privacy (docs/privacy.md): in HQ or facedown in a remote a spectator does not see the accessed
 * card, so a Corp decision that appeared only for Byte! would name it. While Byte! is in the
 * Corp's (public) deck list, every such access the Corp could pay for asks the Corp a question
 * of the same shape — `pay` (no / yes) for Byte!, `check` (no) for any other card — pushed at
 * the same moment, shown to the spectator identically ("The Corp is making a decision."). The
 * Runner and the Corp see the card anyway. Paying is public, as in the paper game.
 */
export const byte: CardBehaviour = {
  code: CODE,
  statics: { revealWhenAccessedFrom: ['rd'] },
  onAccess: (g, source, from) => {
    if (from === 'archives' || !canPay(g, 'corp', 4)) return;
    ask(g, 'corp', CODE, 'pay', source);
  },
  maskAccess: (g, accessed, from) => {
    if (maskedAccess(g, accessed, from)) ask(g, 'corp', CODE, 'check', accessed);
  },
  choices: {
    pay: {
      prompt: 'The Corp may pay 4[credit] to give the Runner 1 tag and do 3 net damage.',
      options: () => [no, yes],
      resolve: (g, d, o) => {
        if (o.value !== 'yes' || !canPay(g, 'corp', 4)) return;
        creditsFrom(g, d.source ?? '', 'corp', -4);
        giveTags(g, 1);
        dealDamage(g, 'net', 3);
      },
    },
    check: {
      prompt:
        'Byte! check: the accessed card is not Byte!, so the Corp has nothing to pay for (asked at every access a spectator cannot see, so the question reveals nothing).',
      options: () => [no],
      resolve: () => {},
    },
  },
};
