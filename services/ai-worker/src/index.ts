export { startAiWorker, type AiWorker, type AiWorkerOptions } from './ai-worker.js';
export { randomBotAction } from './random-bot.js';
