/**
 * The 33-card base Treachery deck as our own data: one entry per card kind, with its copies.
 * Semuta Drug (CHOAM & Richese) has no copy in the base deck: the room option `semutaDrug`
 * adds its one copy (rules/setup.ts, `treacheryDeckFor`).
 */
import type { TreacheryKind } from './types.js';

export interface TreacheryFacts {
  readonly name: string;
  readonly kind: TreacheryKind;
  readonly copies: number;
}

export const TREACHERY = {
  crysknife: { name: 'Crysknife', kind: 'weapon_projectile', copies: 1 },
  maula_pistol: { name: 'Maula Pistol', kind: 'weapon_projectile', copies: 1 },
  slip_tip: { name: 'Slip Tip', kind: 'weapon_projectile', copies: 1 },
  stunner: { name: 'Stunner', kind: 'weapon_projectile', copies: 1 },
  chaumas: { name: 'Chaumas', kind: 'weapon_poison', copies: 1 },
  chaumurky: { name: 'Chaumurky', kind: 'weapon_poison', copies: 1 },
  ellaca_drug: { name: 'Ellaca Drug', kind: 'weapon_poison', copies: 1 },
  gom_jabbar: { name: 'Gom Jabbar', kind: 'weapon_poison', copies: 1 },
  lasgun: { name: 'Lasgun', kind: 'weapon_special', copies: 1 },
  shield: { name: 'Shield', kind: 'defense_projectile', copies: 4 },
  snooper: { name: 'Snooper', kind: 'defense_poison', copies: 4 },
  cheap_hero: { name: 'Cheap Hero', kind: 'cheap_hero', copies: 3 },
  family_atomics: { name: 'Family Atomics', kind: 'family_atomics', copies: 1 },
  hajr: { name: 'Hajr', kind: 'hajr', copies: 1 },
  karama: { name: 'Karama', kind: 'karama', copies: 2 },
  tleilaxu_ghola: { name: 'Tleilaxu Ghola', kind: 'tleilaxu_ghola', copies: 1 },
  truthtrance: { name: 'Truthtrance', kind: 'truthtrance', copies: 2 },
  weather_control: { name: 'Weather Control', kind: 'weather_control', copies: 1 },
  baliset: { name: 'Baliset', kind: 'worthless', copies: 1 },
  jubba_cloak: { name: 'Jubba Cloak', kind: 'worthless', copies: 1 },
  kulon: { name: 'Kulon', kind: 'worthless', copies: 1 },
  la_la_la: { name: 'La La La', kind: 'worthless', copies: 1 },
  trip_to_gamont: { name: 'Trip to Gamont', kind: 'worthless', copies: 1 },
  semuta_drug: { name: 'Semuta Drug', kind: 'semuta_drug', copies: 0 },
} as const satisfies Record<string, TreacheryFacts>;

export type TreacheryCardId = keyof typeof TREACHERY;
