/**
 * What a client (the web board) may import of Dune: the map, the factions and their leaders,
 * the Treachery card names, and the view and action types. No rules code: `client.test.ts`
 * checks that nothing here reaches the rules, the chart or the game state's code.
 */
export { FACTIONS, type FactionFacts, type LeaderFacts } from './data/factions.js';
export {
  PLAYER_CIRCLE_SECTORS,
  SECTOR_COUNT,
  TERRITORIES,
  type TerritoryFacts,
  type TerritoryId,
} from './data/map.js';
export { TREACHERY, type TreacheryCardId, type TreacheryFacts } from './data/treachery.js';
export { FACTION_IDS, type FactionId, type TerritoryKind } from './data/types.js';
export { KARAMA_WINDOW_KINDS } from './data/windows.js';
export type { DuneAction } from './state/actions.js';
export type { BattlePlan, DuneOptions, RevealedPlan, VisibleLogEntry } from './state/types.js';
export type { DuneView, PlayerView } from './view/view.js';
