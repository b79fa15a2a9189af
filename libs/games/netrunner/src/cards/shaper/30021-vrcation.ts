import { loseClicks } from '../../rules/credits.js';
import { drawCards } from '../../rules/draw.js';
import type { CardBehaviour } from '../behaviour.js';

/**
 * VRcation — Draw 4 cards. If you have any [click] remaining, lose [click]. Ruling: playable
 * with the last click.
 */
export const vrcation: CardBehaviour = {
  code: '30021',
  play: (g) => {
    drawCards(g, 'runner', 4);
    if (g.runner.clicks > 0) loseClicks(g, 'runner', 1);
  },
};
