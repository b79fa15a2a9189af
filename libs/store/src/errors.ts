export type StoreErrorCode =
  | 'room_exists'
  | 'room_not_found'
  | 'version_not_committed'
  /** A room creation reached the database after its deadline: nothing was stored. */
  | 'deadline_passed';

/** A request the store refuses; the message never carries room contents. */
export class StoreError extends Error {
  readonly code: StoreErrorCode;

  constructor(code: StoreErrorCode, message: string) {
    super(message);
    this.name = 'StoreError';
    this.code = code;
  }
}
