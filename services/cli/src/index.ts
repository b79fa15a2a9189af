export { main } from './main.js';
export { selfplay, type SelfplayConfig, type SelfplaySummary } from './selfplay.js';
