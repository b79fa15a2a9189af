import { loseClicks } from '../../rules/credits.js';
import type { CardBehaviour } from '../behaviour.js';
import { creditsFrom } from '../helpers.js';

/**
 * Creative Commission — Gain 5[credit]. If you have any [click] remaining, lose [click].
 * Ruling: losing the click is effect, not cost; it can be played with the last click.
 */
export const creativeCommission: CardBehaviour = {
  code: '30020',
  play: (g, source) => {
    creditsFrom(g, source, 'runner', 5);
    if (g.runner.clicks > 0) loseClicks(g, 'runner', 1);
  },
};
