import type { GameSnapshot, Rng } from '@veil/engine';
import type { DuneState, Faction } from '../state/types.js';
import type { DuneView } from '../view/view.js';

export function duneDeterminize(
  view: DuneView,
  viewer: Faction,
  rng: Rng,
): GameSnapshot<DuneState> {
  void view;
  void viewer;
  void rng;
  throw new Error('not yet');
}
