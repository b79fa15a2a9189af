export { startAiWorker, type AiWorker, type AiWorkerOptions } from './ai-worker.js';
export { createJsonLogger, silentLogger, type Logger } from './logger.js';
export { randomBotAction } from './random-bot.js';
