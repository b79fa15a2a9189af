/** The six classic factions; each is also a seat id. */
export type FactionId =
  'atreides' | 'bene_gesserit' | 'emperor' | 'fremen' | 'spacing_guild' | 'harkonnen';

export const FACTION_IDS: readonly FactionId[] = [
  'atreides',
  'bene_gesserit',
  'emperor',
  'fremen',
  'spacing_guild',
  'harkonnen',
];

export type TerritoryKind = 'stronghold' | 'rock' | 'sand' | 'polar_sink';

/** What a Treachery card does in the rules (cards of one kind behave alike). */
export type TreacheryKind =
  | 'weapon_projectile'
  | 'weapon_poison'
  | 'weapon_special'
  | 'defense_projectile'
  | 'defense_poison'
  | 'worthless'
  | 'cheap_hero'
  | 'family_atomics'
  | 'hajr'
  | 'karama'
  | 'tleilaxu_ghola'
  | 'truthtrance'
  | 'weather_control'
  | 'semuta_drug';
