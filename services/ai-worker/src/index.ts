export { startAiWorker, type AiWorker, type AiWorkerOptions } from './ai-worker.js';
export { decideWithAi, DEFAULT_LEVELS, type Decider } from './decider.js';
export { AiWorkerMetrics } from './metrics.js';
export { thinkTime, NO_THINK_TIME, type ThinkTime } from './think-time.js';
export { randomBotAction } from './random-bot.js';
