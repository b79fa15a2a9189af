import type { CardType, Faction, Side } from '../catalog/index.js';

/** How the rules and the cards name a faction, for messages. */
export const FACTION_NAMES: Readonly<Record<Faction, string>> = {
  anarch: 'Anarch',
  criminal: 'Criminal',
  shaper: 'Shaper',
  'neutral-runner': 'neutral',
  'haas-bioroid': 'Haas-Bioroid',
  jinteki: 'Jinteki',
  nbn: 'NBN',
  'weyland-consortium': 'Weyland Consortium',
  'neutral-corp': 'neutral',
};

export const SIDE_NAMES: Readonly<Record<Side, string>> = { corp: 'Corp', runner: 'Runner' };

/** A card type as a noun phrase, for messages: `'Sure Gamble' is an event`. */
export const TYPE_PHRASES: Readonly<Record<CardType, string>> = {
  identity: 'an identity',
  agenda: 'an agenda',
  asset: 'an asset',
  upgrade: 'an upgrade',
  operation: 'an operation',
  ice: 'a piece of ice',
  event: 'an event',
  hardware: 'a piece of hardware',
  program: 'a program',
  resource: 'a resource',
};
