export type { CardCoverageRow, GameEntry, SelfplaySettings } from './game-entry.js';
export { PRODUCTION_GAMES } from './games.js';
export { gameRegistry, loadGameRegistry, type GameRegistry } from './registry.js';
