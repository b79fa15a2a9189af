export { dune, type DuneModule } from './module.js';
export type { DuneAction } from './state/actions.js';
export type { DuneOptions, DuneState, Faction, LogEntry, VisibleLogEntry } from './state/types.js';
export type { DuneView, PlayerView } from './view/view.js';
export { FACTION_IDS, type FactionId } from './data/types.js';
export { KARAMA_WINDOW_KINDS } from './data/windows.js';
export { POLICY_KINDS } from './rules/policy.js';
