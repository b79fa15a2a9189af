import { describe, expect, it } from 'vitest';
import { handshakeAuthSchema } from './socket-auth.js';
import { expectRefused, expectRoundTrip } from './test-support.js';

const seat = { roomId: 'r1', token: 'Zm9vYmFyYmF6cXV4LWZvb2Jhci1iYXotcXV4X2Zvbw' };
const spectator = { roomId: 'r1', spectator: true };

describe('handshakeAuthSchema', () => {
  it('round-trips a seat and a spectator handshake', () => {
    expectRoundTrip(handshakeAuthSchema, seat);
    expectRoundTrip(handshakeAuthSchema, spectator);
  });

  it('tells the two apart', () => {
    expect('token' in handshakeAuthSchema.parse(seat)).toBe(true);
    expect('spectator' in handshakeAuthSchema.parse(spectator)).toBe(true);
  });

  it.each([
    ['a token and spectator together', seat, { ...seat, spectator: true }],
    ['spectator: false', spectator, { ...spectator, spectator: false }],
    ['no room id', seat, { token: seat.token }],
    ['a room id with a wildcard', seat, { ...seat, roomId: 'r*' }],
    ['a short token', seat, { ...seat, token: 'abc' }],
    ['neither token nor spectator', seat, { roomId: 'r1' }],
    ['an extra field', spectator, { ...spectator, seat: 'corp' }],
  ])('refuses %s', (_name, base, variant) => {
    expectRefused(handshakeAuthSchema, base, variant);
  });
});
