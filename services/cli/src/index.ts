export { main } from './main.js';
export { selfplay, type SelfplayConfig, type SelfplaySummary } from './selfplay.js';
export { BENCH_DRIVER_NODE_FLAGS, VEIL_NODE_FLAGS } from './node-flags.js';
export {
  startVeil,
  VEIL_ROLES,
  type Veil,
  type VeilOptions,
  type VeilRole,
} from './start-roles.js';
export {
  DEFAULT_TOPOLOGY,
  natsPasswordVariable,
  natsUserOf,
  planTopology,
  ROLE_VARIABLES,
  type PlannedProcess,
  type TopologyRole,
} from './topology-plan.js';
export { spawnVeilProcess, VEIL_READY } from './topology.js';
export { TopologyChild } from './topology-child.js';
export { freePort, startNats, startPostgres } from './topology-servers.js';
