export { evaluateDune, strengths } from './evaluate.js';
export { rolloutDune } from './rollout.js';
