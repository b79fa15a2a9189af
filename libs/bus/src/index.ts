export {
  DEFAULT_MAX_PAYLOAD_BYTES,
  DEFAULT_REQUEST_TIMEOUT_MS,
  type Bus,
  type BusHandler,
  type BusHooks,
  type BusMessage,
  type BusSubscription,
  type RequestOptions,
  type SubscribeOptions,
} from './bus.js';
export { BUS_ERROR_CODES, BusError, isBusError, type BusErrorCode } from './bus-error.js';
export { InProcessBroker, type InProcessBrokerOptions } from './in-process-broker.js';
export { InProcessBus } from './in-process-bus.js';
export { NatsBus, type NatsBusOptions } from './nats-bus.js';
export { retry, type Attempt, type RetryOptions } from './retry.js';
export { isLiteralSubject, isSubjectPattern, subjectMatches } from './subjects.js';
