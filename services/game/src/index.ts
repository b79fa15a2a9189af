export {
  chooseBotMove,
  fallbackBotAction,
  type BotMove,
  type BotMoveOptions,
} from './bot-moves.js';
export { ManualClock, wallClock, type ClockSource } from './clock-source.js';
export { CommitBatcher, type CommitBatcherOptions } from './commit-batcher.js';
export { startGameNode, type GameNode, type GameNodeOptions } from './game-node.js';
export { NODE_HEARTBEAT_SUBJECT } from './node-liveness.js';
export { gameRegistry, type GameRegistry, type RegisteredGame } from './game-registry.js';
export { placeRoom, sendRoomCommand, type RoomClientOptions } from './room-client.js';
export { applyRoomEvent, isRoomEventRecord, type RoomEventRecord } from './room-event.js';
export { loadRoomState, RoomLoadError, type LoadedRoomState } from './room-loading.js';
export { defaultGames } from './games.js';
export { checkGameOptions, isPolicyKind } from './game-inputs.js';
export { isFixedDeal, ROOM_SECRET_BYTES } from './room-creation.js';
