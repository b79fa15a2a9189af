export { evaluateDune, strengths } from './evaluate.js';
export { rolloutDune } from './rollout.js';
export { duneCandidates, MAX_CANDIDATES } from './candidates.js';
