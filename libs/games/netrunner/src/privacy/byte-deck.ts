import { deckById } from '../decks/index.js';
import type { NetrunnerOptions } from '../machine/setup-input.js';

/**
 * Test support for the privacy checks: no starter deck holds Byte! (an Elevation card), so
 * random play between starter decks never accesses it. This is the Jinteki starter with its
 * three Hansei Reviews traded for three Byte!s (still a legal deck: Byte! is Jinteki), against
 * the Criminal starter.
 */
export function byteDeckOptions(): NetrunnerOptions {
  const jinteki = deckById('sg-jinteki');
  const HANSEI_REVIEW = '30048';
  if (!jinteki?.cards.some((e) => e.code === HANSEI_REVIEW && e.count === 3))
    throw new Error('sg-jinteki no longer holds 3 Hansei Review');
  const cards = jinteki.cards.map((e) =>
    e.code === HANSEI_REVIEW ? { code: '35050', count: 3 } : e,
  );
  return { corpDeck: { identity: jinteki.identity, cards }, runnerDeck: 'sg-criminal' };
}
