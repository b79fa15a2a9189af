import { describe, it } from 'vitest';
import { gatewayPresenceSchema } from './gateway-presence.js';
import { MAX_PRESENCE_ROOMS, MAX_SEATS } from './limits.js';
import { expectRefused, expectRoundTrip } from './test-support.js';

describe('gatewayPresenceSchema', () => {
  const seats = { kind: 'seats', gateway: 'gw-1', ttlMs: 30_000, rooms: { r1: ['p1', 'p2'] } };

  it('round-trips each kind, and a room with no seat connected any more', () => {
    expectRoundTrip(gatewayPresenceSchema, seats);
    expectRoundTrip(gatewayPresenceSchema, { ...seats, rooms: { r1: [], r2: ['corp'] } });
    expectRoundTrip(gatewayPresenceSchema, { kind: 'hello', gateway: 'gw-1' });
    expectRoundTrip(gatewayPresenceSchema, { kind: 'bye', gateway: 'gw-1' });
  });

  const manyRooms = Object.fromEntries(
    Array.from({ length: MAX_PRESENCE_ROOMS + 1 }, (_, i) => [`r${i}`, ['p1']]),
  );
  const manySeats = Array.from({ length: MAX_SEATS + 1 }, (_, i) => `s${i}`);

  it.each([
    ['an unknown kind', { ...seats, kind: 'all' }, ['kind']],
    ['a gateway id that is not a token', { ...seats, gateway: 'gw.1' }, ['gateway']],
    ['an unsafe room id', { ...seats, rooms: { 'r1.cmd': ['p1'] } }, ['rooms']],
    ['the spectators as a seat', { ...seats, rooms: { r1: ['spectator'] } }, ['rooms', 'r1', 0]],
    ['more seats than a room has', { ...seats, rooms: { r1: manySeats } }, ['rooms', 'r1']],
    ['no room', { ...seats, rooms: {} }, ['rooms']],
    ['more rooms than one message holds', { ...seats, rooms: manyRooms }, ['rooms']],
    ['a time to live under a second', { ...seats, ttlMs: 999 }, ['ttlMs']],
    ['a time to live over ten minutes', { ...seats, ttlMs: 600_001 }, ['ttlMs']],
    ['an extra field', { ...seats, node: 'n1' }, []],
  ])('refuses %s', (_name, variant, path) => {
    expectRefused(gatewayPresenceSchema, seats, variant, path);
  });
});
