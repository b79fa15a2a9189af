// What test files import: `import { services, createTestDatabase } from '../support/index.js'`.
export type { Services } from './provided-context.js';
export { describeWithServices, services, servicesSkipReason } from './services.js';
export { createTestDatabase, dropTestDatabase } from './test-database.js';
export {
  startProcess,
  type ExitInfo,
  type ManagedProcess,
  type StartProcessOptions,
} from './child-process.js';
export { freePort } from './free-port.js';
export { natsAnswers, postgresAnswers, waitForReady } from './readiness.js';
export {
  locateNatsServer,
  locatePostgres,
  type Located,
  type PostgresBinaries,
} from './binaries.js';
