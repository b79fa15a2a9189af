import { deckFromTitles } from './deck-from-titles.js';

/*
 * The System Gateway tutorial decks, for The Catalyst and The Syndicate (the starter-game
 * identities: 30-card minimum, no influence limit). OFFICIAL RECONSTRUCTIONS: the lists are the
 * Learn to Play guide's starter decks and, for the second game, the same decks with the booster
 * cards added, as jinteki.net carries them (`jinteki.preconstructed`, "System Gateway -
 * Beginner/Intermediate Teaching Decks"). jinteki.net plays the beginner pair to 6 agenda
 * points and the intermediate pair to 7; a deck here does not carry that, the room options do.
 */

/** Official reconstruction: the Runner starter deck (30 cards). */
export const CATALYST_BEGINNER = deckFromTitles(
  'sg-tutorial-catalyst',
  'Tutorial: The Catalyst (beginner)',
  'The Catalyst: Convention Breaker',
  {
    'Creative Commission': 2,
    Jailbreak: 3,
    Overclock: 2,
    'Sure Gamble': 3,
    'Tread Lightly': 2,
    VRcation: 2,
    'Docklands Pass': 1,
    Pennyshaver: 1,
    'Red Team': 1,
    'Smartware Distributor': 2,
    'Telework Contract': 2,
    'Verbal Plasticity': 1,
    Carmen: 2,
    Cleaver: 2,
    Mayfly: 2,
    Unity: 2,
  },
);

/** Official reconstruction: the Corp starter deck (34 cards, 14 agenda points). */
export const SYNDICATE_BEGINNER = deckFromTitles(
  'sg-tutorial-syndicate',
  'Tutorial: The Syndicate (beginner)',
  'The Syndicate: Profit over Principle',
  {
    'Offworld Office': 3,
    'Send a Message': 2,
    'Superconducting Hub': 2,
    'Nico Campaign': 2,
    'Regolith Mining License': 2,
    'Urtica Cipher': 2,
    'Government Subsidy': 2,
    'Hedge Fund': 3,
    'Seamless Launch': 2,
    'Manegarm Skunkworks': 1,
    'Brân 1.0': 2,
    Palisade: 3,
    Diviner: 2,
    Whitespace: 2,
    Karunā: 2,
    Tithe: 2,
  },
);

/** Official reconstruction: the Runner starter deck plus the Runner booster cards (40 cards). */
export const CATALYST_INTERMEDIATE = deckFromTitles(
  'sg-tutorial-catalyst-intermediate',
  'Tutorial: The Catalyst (intermediate)',
  'The Catalyst: Convention Breaker',
  {
    'Creative Commission': 2,
    Jailbreak: 3,
    Overclock: 2,
    'Mutual Favor': 2,
    'Wildcat Strike': 2,
    'DZMZ Optimizer': 2,
    Conduit: 2,
    Leech: 2,
    'Sure Gamble': 3,
    'Tread Lightly': 2,
    VRcation: 2,
    'Docklands Pass': 1,
    Pennyshaver: 1,
    'Red Team': 1,
    'Smartware Distributor': 2,
    'Telework Contract': 2,
    'Verbal Plasticity': 1,
    Carmen: 2,
    Cleaver: 2,
    Mayfly: 2,
    Unity: 2,
  },
);

/** Official reconstruction: the Corp starter deck plus the Corp booster cards (44 cards, 18 points). */
export const SYNDICATE_INTERMEDIATE = deckFromTitles(
  'sg-tutorial-syndicate-intermediate',
  'Tutorial: The Syndicate (intermediate)',
  'The Syndicate: Profit over Principle',
  {
    'Offworld Office': 3,
    'Send a Message': 2,
    'Orbital Superiority': 2,
    'Predictive Planogram': 2,
    'Public Trail': 2,
    Retribution: 1,
    'AMAZE Amusements': 1,
    Funhouse: 2,
    'Superconducting Hub': 2,
    'Nico Campaign': 2,
    'Regolith Mining License': 2,
    'Urtica Cipher': 2,
    'Government Subsidy': 2,
    'Hedge Fund': 3,
    'Seamless Launch': 2,
    'Manegarm Skunkworks': 1,
    'Brân 1.0': 2,
    Palisade: 3,
    Diviner: 2,
    Whitespace: 2,
    Karunā: 2,
    Tithe: 2,
  },
);
