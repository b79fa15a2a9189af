export { describeBusContract, type BusPair, type MakeBuses } from './bus-contract.js';
export { deferred, type Deferred } from './deferred.js';
export { MessageCollector } from './message-collector.js';
