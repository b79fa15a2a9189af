import {
  FACTIONS,
  TERRITORIES,
  TREACHERY,
  type DuneView,
  type FactionId,
  type TerritoryId,
} from '@veil/dune/client';

// Pure: Dune's ids in players' words (factions, areas, leaders, cards), from the public data
// and, for card handles, the viewer's own hand in the view.

export function factionName(faction: string): string {
  return FACTIONS[faction as FactionId]?.name ?? faction;
}

export function territoryName(territory: string): string {
  return TERRITORIES[territory as TerritoryId]?.name ?? territory;
}

/** `arrakeen:9` → `Arrakeen (sector 9)`; `polar_sink` → `Polar Sink`. */
export function areaName(area: string): string {
  const [territory = area, sector] = area.split(':');
  return sector === undefined
    ? territoryName(territory)
    : `${territoryName(territory)} (sector ${sector})`;
}

const LEADERS: ReadonlyMap<string, { name: string; strength: number }> = new Map(
  Object.values(FACTIONS).flatMap((f) => f.leaders.map((l) => [l.id, l] as const)),
);

export function leaderName(id: string): string {
  if (id === 'cheap_hero') return 'Cheap Hero';
  const leader = LEADERS.get(id);
  return leader ? `${leader.name} (${leader.strength})` : id;
}

export function cardName(card: string): string {
  return (TREACHERY as Record<string, { name: string } | undefined>)[card]?.name ?? card;
}

/** A card handle of the viewer's own hand, by its card's name; an unknown handle says so. */
export function handleName(view: DuneView, handle: string): string {
  const own = view.viewer === 'spectator' ? undefined : view.players[view.viewer];
  const card = own?.hand.find((c) => c.handle === handle)?.card;
  return card ? cardName(card) : 'a card';
}

const PHASES: Readonly<Record<string, string>> = {
  setup: 'Setup',
  storm: 'Storm',
  blow: 'Spice Blow',
  nexus: 'Nexus',
  charity: 'CHOAM Charity',
  bidding: 'Bidding',
  revival: 'Revival',
  movement: 'Shipment and Movement',
  battle: 'Battle',
  collection: 'Spice Collection',
  mentat: 'Mentat Pause',
  over: 'Game over',
};

export function phaseName(phase: string): string {
  return PHASES[phase] ?? phase;
}

/** Words for ids that are neither factions, areas, leaders nor cards. */
const WORDS: Readonly<Record<string, string>> = {
  weapon_projectile: 'a projectile weapon',
  weapon_poison: 'a poison weapon',
  defense_projectile: 'a projectile defense',
  defense_poison: 'a poison defense',
  worthless: 'a worthless card',
  shai_hulud: 'Shai-Hulud',
  cheap_hero: 'a Cheap Hero',
  leader: 'leader',
  weapon: 'weapon',
  defense: 'defense',
  dial: 'dial',
  storm_cards: 'Weather Control / Family Atomics',
  any_time: 'Tleilaxu Ghola / Truthtrance',
  karama_battle: 'Karama in battle',
  karama_cancel: 'Karama',
  // The faction powers a Karama may stop (the `karama_power` window's cause names one).
  card_peek: "the Atreides' look at the card",
  emperor_payment: "the Emperor's payment",
  top_card: "the Harkonnen's free card",
  spiritual_advisor: "the Bene Gesserit's free force",
  guild_payment: "the Guild's payment",
  half_price: "the Guild's half price",
  cross_ship: "the Guild's cross-shipment",
  ship_back: "the Guild's ship-back",
  desert_movement: "the Fremen's desert movement",
  worm_immunity: "the Fremen's worm immunity",
  ally_worm_immunity: 'the Fremen sparing their ally from the worm',
  ally_free_revival: "the Fremen's free revival for their ally",
  ally_revival: "the Emperor's revivals for their ally",
  ally_half_price: "the Guild's half price for their ally",
  ally_cross_ship: "the Guild's cross-shipment for their ally",
};

export function words(id: string): string {
  return WORDS[id] ?? id.replaceAll('_', ' ');
}

/** Any id the Dune view uses, in words: faction, area, territory, leader, card, or plain words. */
export function idText(view: DuneView, id: string): string {
  if (id in FACTIONS) return factionName(id);
  if (id in TERRITORIES) return territoryName(id);
  if (/^[a-z_]+:\d+$/.test(id)) return areaName(id);
  if (LEADERS.has(id)) return leaderName(id);
  if (id in TREACHERY) return cardName(id);
  if (view.viewer !== 'spectator') {
    const own = view.players[view.viewer]?.hand.find((c) => c.handle === id);
    if (own) return cardName(own.card);
  }
  return words(id);
}
