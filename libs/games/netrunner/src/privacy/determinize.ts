import type { GameSnapshot, Rng } from '@veil/engine';
import type { Game, Side } from '../state/types.js';
import type { NetrunnerView } from '../view/view.js';

/**
 * A full state consistent with a view (AI sampling). Not implemented yet: the AI worker's
 * determinizer for Netrunner is open work (see docs/games/netrunner.md, "What remains").
 */
export function determinize(_view: NetrunnerView, _viewer: Side, _rng: Rng): GameSnapshot<Game> {
  throw new Error('netrunner: determinize is not implemented yet');
}
