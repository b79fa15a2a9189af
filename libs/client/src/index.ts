export {
  connectSeat,
  connectSpectator,
  newRequestId,
  newSeatToken,
  VeilConnection,
  type ActOptions,
  type ConnectOptions,
  type SeatConnectOptions,
} from './connection.js';
export { errorCodeOf, VeilError } from './errors.js';
export { IDLE_ABSENT_SECONDS, IDLE_SECONDS } from '@veil/protocol';
export {
  botLevels,
  createRoom,
  getReplay,
  getRoom,
  joinSeat,
  listRooms,
  type HttpOptions,
  type ReplayOptions,
} from './http.js';
export type {
  Ack,
  BotLevel,
  BotLevelsResponse,
  ChatEvent,
  ChatLine,
  CreateRoomRequestInput,
  CreateRoomResponse,
  LogEvent,
  ProtocolError,
  Replay,
  RoomSummary,
  ViewEvent,
} from '@veil/protocol';
