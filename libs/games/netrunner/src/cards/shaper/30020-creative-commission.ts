import { loseClicks } from '../../rules/credits.js';
import type { CardBehaviour } from '../behaviour.js';
import { gainOnPlay } from '../helpers.js';

/**
 * Creative Commission — Gain 5[credit]. If you have any [click] remaining, lose [click].
 * Ruling: the click loss is part of the effect, not a cost, so it is playable with 1 click.
 */
export const creativeCommission: CardBehaviour = {
  code: '30020',
  play: (g, source) => {
    gainOnPlay(5)(g, source);
    if (g.runner.clicks > 0) loseClicks(g, 'runner', 1);
  },
};
