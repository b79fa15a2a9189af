export type { CardCoverageRow, GameEntry, SelfplaySettings } from './game-entry.js';
export { PRODUCTION_GAMES } from './games.js';
export { gameRegistry, loadGameRegistry, type GameRegistry } from './registry.js';
export { duneOptionsSchema } from './dune-options.js';
export {
  MAX_AGENDA_POINTS_TO_WIN,
  MIN_AGENDA_POINTS_TO_WIN,
  netrunnerOptionsSchema,
} from './netrunner-options.js';
