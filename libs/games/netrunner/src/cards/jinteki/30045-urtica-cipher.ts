import { dealDamage } from '../../rules/damage.js';
import type { CardBehaviour } from '../behaviour.js';
import { countersOn } from '../helpers.js';

/**
 * Urtica Cipher — You can advance this asset (even unrezzed). When the Runner accesses this
 * asset while it is installed, do 2 net damage plus 1 net damage for each hosted advancement
 * counter (2 even with none; active even unrezzed, as access abilities are).
 */
export const urticaCipher: CardBehaviour = {
  code: '30045',
  statics: { advanceable: true },
  onAccess: (g, source) => {
    if (g.cards[source]?.loc.zone !== 'root') return;
    dealDamage(g, 'net', 2 + countersOn(g, source, 'advancement'));
  },
};
