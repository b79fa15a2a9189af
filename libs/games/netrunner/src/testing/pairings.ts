import type { NetrunnerOptions } from '../machine/setup-input.js';

/** Deck pairings for random play and the privacy harness: every starter deck plays. */
export const PAIRINGS: readonly NetrunnerOptions[] = [
  {},
  { corpDeck: 'sg-haas-bioroid', runnerDeck: 'sg-shaper' },
  { corpDeck: 'sg-jinteki', runnerDeck: 'sg-anarch' },
  { corpDeck: 'sg-nbn', runnerDeck: 'sg-criminal' },
  { corpDeck: 'sg-weyland', runnerDeck: 'sg-anarch' },
  { corpDeck: 'sg-jinteki', runnerDeck: 'sg-criminal' },
  { corpDeck: 'sg-tutorial-syndicate', runnerDeck: 'sg-tutorial-catalyst', agendaPointsToWin: 6 },
];
