export { GatewayError, toProtocolError } from './errors.js';
export {
  DEFAULT_MAX_SOCKET_MESSAGE_BYTES,
  startGateway,
  type Gateway,
  type GatewayOptions,
} from './gateway.js';
export { MAX_TRUSTED_PROXIES } from './client-address.js';
export { DEFAULT_MAX_BODY_BYTES } from './http-api.js';
export { GatewayMetrics } from './metrics.js';
export { NodeClient, type NodeClientOptions } from './node-client.js';
export { TokenBucket, type RateLimitOptions } from './rate-limit.js';
export { RoomDirectory, type RoomMeta } from './room-directory.js';
export { SeatPresence, type LocalSeats, type SeatPresenceOptions } from './seat-presence.js';
export { hashSeatToken, newSeatToken, seatTokenMatches } from './tokens.js';
