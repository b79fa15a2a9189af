import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';

/**
 * Seat tokens: 32 random bytes, base64url. The gateway hands each token out once, at room
 * creation, and only its SHA-256 hash (base64url) ever travels to the game node and the store.
 */
export function newSeatToken(): string {
  return randomBytes(32).toString('base64url');
}

export function hashSeatToken(token: string): string {
  return createHash('sha256').update(token, 'utf8').digest('base64url');
}

/**
 * Whether `token` hashes to `expectedHash`, compared in constant time. Both sides are
 * fixed-length digests, so the comparison never leaks how much of a guess was right.
 */
export function seatTokenMatches(token: string, expectedHash: string): boolean {
  const actual = createHash('sha256').update(token, 'utf8').digest();
  const expected = Buffer.from(expectedHash, 'base64url');
  if (expected.length !== actual.length) return false;
  return timingSafeEqual(actual, expected);
}

/** A fresh room id: 16 random bytes, base64url (a safe NATS subject token). */
export function newRoomId(): string {
  return randomBytes(16).toString('base64url');
}

/** A gateway-local connection id for `join` / `leave` (a safe token). */
export function newConnectionId(): string {
  return randomBytes(12).toString('base64url');
}
