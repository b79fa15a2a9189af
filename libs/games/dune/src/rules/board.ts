import {
  AREA_NEIGHBOURS,
  ORNITHOPTER_CITIES,
  PLAYER_CIRCLE_SECTORS,
  SECTOR_COUNT,
  TERRITORIES,
  type TerritoryId,
} from '../data/map.js';
import type { DuneState, Faction } from '../state/types.js';

/** Board geometry and occupancy: plain reads of the state. */

export const ALL_AREAS: readonly string[] = Object.keys(AREA_NEIGHBOURS);
/**
 * Every area's name parsed once: the rules ask for territories and sectors in their inner loops
 * (movement, storm, battles), where splitting the name at each call costs a third of a bot's search.
 */
const AREA_PARTS: ReadonlyMap<string, ReturnType<typeof parseArea>> = new Map(
  ALL_AREAS.map((area) => [area, parseArea(area)]),
);
export const STRONGHOLDS: readonly TerritoryId[] = (
  Object.keys(TERRITORIES) as TerritoryId[]
).filter((t) => TERRITORIES[t].kind === 'stronghold');

export function territoryOf(area: string): TerritoryId {
  return (AREA_PARTS.get(area) ?? parseArea(area)).territory;
}

export function sectorOf(area: string): number | null {
  return (AREA_PARTS.get(area) ?? parseArea(area)).sector;
}

/** An area's name is `territory:sector` (the Polar Sink's has no sector). */
function parseArea(area: string): { territory: TerritoryId; sector: number | null } {
  const [territory, sector] = area.split(':');
  return {
    territory: territory as TerritoryId,
    sector: sector === undefined ? null : Number(sector),
  };
}

export function areasOf(territory: TerritoryId): string[] {
  return territory === 'polar_sink'
    ? ['polar_sink']
    : TERRITORIES[territory].sectors.map((s) => `${territory}:${s}`);
}

export function inStorm(state: DuneState, area: string): boolean {
  return sectorOf(area) === state.storm;
}

/** The player circle of each faction: the i-th of n factions sits at circle ⌊6i/n⌋. */
export function circleSector(state: Pick<DuneState, 'options'>, faction: Faction): number {
  const list = state.options.factions;
  const index = list.indexOf(faction);
  return PLAYER_CIRCLE_SECTORS[Math.floor((index * 6) / list.length)] as number;
}

/**
 * Storm order: the first circle the storm reaches next going counterclockwise (increasing
 * sectors; a circle in the storm's own sector counts as reached next), then around.
 */
export function computeStormOrder(state: Pick<DuneState, 'options' | 'storm'>): Faction[] {
  const distance = (f: Faction) =>
    (circleSector(state, f) - state.storm + SECTOR_COUNT) % SECTOR_COUNT;
  return [...state.options.factions].sort((a, b) => distance(a) - distance(b));
}

export function forcesIn(state: DuneState, area: string, faction: Faction): number {
  return state.forces[area]?.[faction] ?? 0;
}

export function factionsInArea(state: DuneState, area: string): Faction[] {
  const here = state.forces[area] ?? {};
  return state.options.factions.filter((f) => (here[f] ?? 0) > 0);
}

export function occupants(state: DuneState, territory: TerritoryId): Faction[] {
  const areas = areasOf(territory);
  return state.options.factions.filter((f) => areas.some((a) => forcesIn(state, a, f) > 0));
}

export function forcesInTerritory(
  state: DuneState,
  territory: TerritoryId,
  faction: Faction,
): number {
  return areasOf(territory).reduce((sum, a) => sum + forcesIn(state, a, faction), 0);
}

export function allyOf(state: DuneState, faction: Faction): Faction | null {
  for (const [a, b] of state.alliances) {
    if (a === faction) return b;
    if (b === faction) return a;
  }
  return null;
}

/** A stronghold already held by two factions other than `faction` cannot be entered or crossed. */
export function strongholdClosedTo(
  state: DuneState,
  territory: TerritoryId,
  faction: Faction,
): boolean {
  if (TERRITORIES[territory].kind !== 'stronghold') return false;
  return occupants(state, territory).filter((f) => f !== faction).length >= 2;
}

/** Adds `count` forces (negative to remove) to an area, dropping empty entries. */
export function addForces(
  forces: DuneState['forces'],
  area: string,
  faction: Faction,
  count: number,
): DuneState['forces'] {
  const here = { ...(forces[area] ?? {}) };
  const next = (here[faction] ?? 0) + count;
  if (next < 0) throw new Error(`not enough ${faction} forces in ${area}`);
  if (next === 0) delete here[faction];
  else here[faction] = next;
  const out = { ...forces };
  if (Object.keys(here).length === 0) delete out[area];
  else out[area] = here;
  return out;
}

/** How far a faction's group may move this turn (ornithopters when it starts in Arrakeen/Carthag). */
export function movementRange(state: DuneState, faction: Faction, hajr = false): number {
  // A Karama stops the desert range of one use: the seat's move, or its Hajr move.
  const stopped = hajr ? 'hajr_desert_movement' : 'desert_movement';
  const desert = faction === 'fremen' && !state.cursor?.barred?.includes(stopped);
  return Math.max(baseRange(state, faction), desert ? 2 : 1);
}

/** The range without the Fremen's desert movement: 3 with ornithopters, else 1. */
export function baseRange(state: DuneState, faction: Faction): number {
  return ORNITHOPTER_CITIES.some((t) => forcesInTerritory(state, t, faction) > 0) ? 3 : 1;
}

/**
 * Areas reachable from `from` within `range` territory crossings: never into or through the
 * storm sector, never through or into a stronghold held by two other factions. 0-1 search:
 * stepping inside a territory costs nothing, crossing into another costs one.
 */
export function reachableAreas(
  state: DuneState,
  from: string,
  faction: Faction,
  range: number,
): string[] {
  if (inStorm(state, from)) return [];
  const cost = new Map<string, number>([[from, 0]]);
  const queue: string[] = [from];
  while (queue.length > 0) {
    const area = queue.shift() as string;
    const here = cost.get(area) as number;
    for (const next of AREA_NEIGHBOURS[area] ?? []) {
      if (inStorm(state, next)) continue;
      const t = territoryOf(next);
      if (t !== territoryOf(area) && strongholdClosedTo(state, t, faction)) continue;
      const c = here + (t === territoryOf(area) ? 0 : 1);
      if (c > range) continue;
      if (c < (cost.get(next) ?? Infinity)) {
        cost.set(next, c);
        if (t === territoryOf(area)) queue.unshift(next);
        else queue.push(next);
      }
    }
  }
  cost.delete(from);
  return [...cost.keys()].sort();
}

/** Strongholds a faction controls: it is their only occupier. */
export function controlledStrongholds(state: DuneState, faction: Faction): TerritoryId[] {
  return STRONGHOLDS.filter((t) => {
    const here = occupants(state, t);
    return here.length === 1 && here[0] === faction;
  });
}

export function occupiedStrongholds(state: DuneState, faction: Faction): TerritoryId[] {
  return STRONGHOLDS.filter((t) => occupants(state, t).includes(faction));
}

/**
 * The parts of a territory that fight separately: the storm sector splits a territory, so forces
 * on either side of it do not battle each other; forces inside the storm sector fight only
 * each other. Areas of one part connect through the territory's own areas outside the storm.
 */
export function battleFronts(state: DuneState, territory: TerritoryId): string[][] {
  const areas = areasOf(territory);
  const fronts: string[][] = [];
  const seen = new Set<string>();
  for (const start of areas) {
    if (seen.has(start)) continue;
    seen.add(start);
    if (inStorm(state, start)) {
      fronts.push([start]);
      continue;
    }
    const front = [start];
    for (let i = 0; i < front.length; i++) {
      for (const next of AREA_NEIGHBOURS[front[i] as string] ?? []) {
        if (seen.has(next) || territoryOf(next) !== territory || inStorm(state, next)) continue;
        seen.add(next);
        front.push(next);
      }
    }
    fronts.push(front.sort());
  }
  return fronts;
}
