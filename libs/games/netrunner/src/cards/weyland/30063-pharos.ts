import { giveTags } from '../../rules/tags.js';
import type { CardBehaviour } from '../behaviour.js';
import { endTheRunSub } from '../helpers.js';

/**
 * Pharos — You can advance this ice. +5 strength while it has 3 or more advancement counters.
 * [sub] Give the Runner 1 tag. [sub] End the run. [sub] End the run.
 */
export const pharos: CardBehaviour = {
  code: '30063',
  statics: {
    advanceable: true,
    strength: (g, source) => ((g.cards[source]?.counters.advancement ?? 0) >= 3 ? 5 : 0),
  },
  subroutines: [
    { label: 'Give the Runner 1 tag.', resolve: (g) => giveTags(g, 1) },
    endTheRunSub,
    endTheRunSub,
  ],
};
