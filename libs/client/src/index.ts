export {
  connectSeat,
  connectSpectator,
  newRequestId,
  VeilConnection,
  type ActOptions,
  type ConnectOptions,
  type SeatConnectOptions,
} from './connection.js';
export { errorCodeOf, VeilError } from './errors.js';
export { botLevels, createRoom, getRoom, listRooms, type HttpOptions } from './http.js';
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
  RoomSummary,
  ViewEvent,
} from '@veil/protocol';
