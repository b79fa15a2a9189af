export { decide, MAX_ITERATIONS, type DecideInput, type Decision } from './decide.js';
export {
  BOT_LEVELS,
  EXPERT,
  GREEDY,
  ISMCTS,
  isBotLevel,
  type BotLevel,
  type GreedySettings,
  type SearchSettings,
} from './levels.js';
export { search, type SearchInput, type SearchResult } from './search.js';
export { greedy } from './greedy.js';
export { candidates } from './candidates.js';
export { nextTurn, playout, score, type Rewards } from './playout.js';
