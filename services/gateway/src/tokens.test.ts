import { createHash } from 'node:crypto';
import { seatTokenSchema, tokenHashSchema } from '@veil/protocol';
import { describe, expect, it } from 'vitest';
import { TokenBucket } from './rate-limit.js';
import { hashSeatToken, newRoomId, newSeatToken, seatTokenMatches } from './tokens.js';

describe('seat tokens', () => {
  it('are 32 random bytes in base64url, hashed with SHA-256 for the node and the store', () => {
    const token = newSeatToken();
    expect(Buffer.from(token, 'base64url')).toHaveLength(32);
    expect(seatTokenSchema.safeParse(token).success).toBe(true);
    const hash = hashSeatToken(token);
    expect(hash).toBe(createHash('sha256').update(token).digest('base64url'));
    expect(tokenHashSchema.safeParse(hash).success).toBe(true);
    expect(newSeatToken()).not.toBe(token);
  });

  it('match only their own hash', () => {
    const token = newSeatToken();
    const hash = hashSeatToken(token);
    expect(seatTokenMatches(token, hash)).toBe(true);
    expect(seatTokenMatches(newSeatToken(), hash)).toBe(false);
    expect(seatTokenMatches(token, hashSeatToken(`${token}x`))).toBe(false);
    // A stored hash of another length (or not base64url at all) never matches.
    expect(seatTokenMatches(token, 'f'.repeat(16))).toBe(false);
  });

  it('room ids are safe subject tokens', () => {
    expect(newRoomId()).toMatch(/^[A-Za-z0-9_-]{22}$/);
  });
});

describe('token bucket', () => {
  it('allows a burst of `capacity`, then refills at the given rate on the injected clock', () => {
    let now = 0;
    const bucket = new TokenBucket({ capacity: 2, refillPerSecond: 4, now: () => now });
    expect([bucket.take(), bucket.take(), bucket.take()]).toEqual([true, true, false]);
    now += 249; // just under one token
    expect(bucket.take()).toBe(false);
    now += 1;
    expect(bucket.take()).toBe(true);
    now += 10_000; // never more than the capacity
    expect([bucket.take(), bucket.take(), bucket.take()]).toEqual([true, true, false]);
  });

  it('refuses a bucket that could never hold a token', () => {
    expect(() => new TokenBucket({ capacity: 0 })).toThrow(RangeError);
    expect(() => new TokenBucket({ refillPerSecond: -1 })).toThrow(RangeError);
  });
});
