export { evaluateNetrunner, corpAdvantage } from './evaluate.js';
export { rolloutNetrunner } from './rollout.js';
