export type { CommitItem, CommitResult } from './commit-types.js';
export { MAX_BATCH_ITEMS } from './commit-batch.js';
export { Limiter } from './limiter.js';
export { StoreError, type StoreErrorCode } from './errors.js';
export type { ClaimLeaseResult, LeaseState, RenewLeaseResult } from './lease-types.js';
export { KyselyRoomStore, type KyselyRoomStoreOptions } from './kysely-room-store.js';
export {
  migrateStoreTo,
  migrateToLatest,
  storeMigrationProvider,
  storeMigrations,
  type MigrationReport,
} from './migrations.js';
export {
  openPgliteRoomStore,
  openPostgresPoolStore,
  openPostgresRoomStore,
  openRoomStore,
  postgresPoolConfig,
  type OpenOptions,
  type PgliteStoreOptions,
  type PostgresStoreOptions,
  type RoomStoreConfig,
} from './open-room-store.js';
export type { RoomStore } from './room-store.js';
export {
  ROOM_STATUSES,
  type ClaimSeatResult,
  type ListRoomsQuery,
  type LoadedRoom,
  type LoadOptions,
  type NewRoom,
  type PublicSeat,
  type RoomOutcome,
  type RoomRecord,
  type RoomStatus,
  type RoomSummary,
  type RulesVersionCount,
  type StoredChatLine,
  type StoredEvent,
  type StoredSeat,
  type StoredSnapshot,
} from './room-types.js';
export { JsonText, type StoreDatabase } from './schema.js';
export {
  kyselyStatementRunner,
  pgStatementRunner,
  type FixedStatement,
  type RunStatement,
  type StatementRunner,
} from './statements.js';
export {
  DEFAULT_QUIET_SNAPSHOT_MS,
  DEFAULT_SNAPSHOT_INTERVAL,
  quietSnapshotReason,
  snapshotReason,
  snapshotStagger,
  type QuietPoint,
  type SnapshotPoint,
  type SnapshotReason,
} from './snapshot-policy.js';
