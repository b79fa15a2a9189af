import { describe, it } from 'vitest';
import { MAX_ROOM_LIST } from './limits.js';
import { roomListSchema, roomSummarySchema, type RoomSummary } from './room-summary.js';
import { expectRefused, expectRoundTrip } from './test-support.js';

const active: RoomSummary = {
  roomId: 'r1',
  game: 'netrunner',
  status: 'active',
  seats: { corp: { type: 'human', connected: true }, runner: { type: 'bot', level: 'expert' } },
  version: 17,
  spectators: true,
  spectatorDelayTurns: 1,
  watching: 2,
  createdAt: '2025-11-29T18:03:00.000Z',
};

const finished: RoomSummary = {
  ...active,
  status: 'finished',
  seats: { corp: { type: 'human', connected: false }, runner: { type: 'human', connected: true } },
  outcome: { winners: ['runner'], reason: 'agenda_points' },
};

describe('roomSummarySchema', () => {
  it('round-trips rooms in every status, with and without an outcome', () => {
    expectRoundTrip(roomSummarySchema, active);
    expectRoundTrip(roomSummarySchema, finished);
    expectRoundTrip(roomSummarySchema, { ...finished, outcome: { winners: [], reason: 'draw' } });
    expectRoundTrip(roomSummarySchema, { ...active, status: 'waiting', version: 0 });
    expectRoundTrip(roomSummarySchema, { ...active, status: 'abandoned' });
    const open = { type: 'human' as const, connected: false, open: true as const };
    expectRoundTrip(roomSummarySchema, { ...active, status: 'waiting', seats: { corp: open } });
    expectRoundTrip(roomSummarySchema, { ...active, fixedDeal: true });
  });

  const refusals: [string, unknown, PropertyKey[]][] = [
    ['an unknown status', { ...active, status: 'paused' }, ['status']],
    ['a date that is not ISO 8601', { ...active, createdAt: 'Sat Nov 29 2025' }, ['createdAt']],
    ['a negative version', { ...active, version: -1 }, ['version']],
    ['a negative spectator count', { ...active, watching: -1 }, ['watching']],
    ['a fixed deal that is not `true`', { ...active, fixedDeal: false }, ['fixedDeal']],
    ['a spectator delay above 10', { ...active, spectatorDelayTurns: 11 }, ['spectatorDelayTurns']],
    [
      'a human seat without its connection state',
      { ...active, seats: { corp: { type: 'human' } } },
      ['seats', 'corp', 'connected'],
    ],
    [
      'a bot seat with an unknown level',
      { ...active, seats: { runner: { type: 'bot', level: 'god' } } },
      ['seats', 'runner', 'level'],
    ],
    ['no seats', { ...active, seats: {} }, ['seats']],
    [
      'a winner who is not a seat',
      { ...finished, outcome: { winners: ['shaper'], reason: 'flatline' } },
      ['outcome', 'winners'],
    ],
    [
      'one of two winners who is not a seat',
      { ...finished, outcome: { winners: ['corp', 'shaper'], reason: 'allied' } },
      ['outcome', 'winners'],
    ],
    [
      'an outcome reason with spaces',
      { ...finished, outcome: { winners: ['corp'], reason: 'he left' } },
      ['outcome', 'reason'],
    ],
  ];

  it.each(refusals)('refuses %s', (_name, variant, path) => {
    expectRefused(roomSummarySchema, active, variant, path);
  });
});

describe('roomListSchema', () => {
  it('round-trips a list of up to MAX_ROOM_LIST rooms', () => {
    expectRoundTrip(roomListSchema, { rooms: [] });
    expectRoundTrip(roomListSchema, { rooms: [active, finished] });
    expectRoundTrip(roomListSchema, { rooms: Array.from({ length: MAX_ROOM_LIST }, () => active) });
  });

  it('refuses a longer list, and a list with one bad room', () => {
    const base = { rooms: [active] };
    expectRefused(
      roomListSchema,
      base,
      { rooms: Array.from({ length: MAX_ROOM_LIST + 1 }, () => active) },
      ['rooms'],
    );
    expectRefused(roomListSchema, base, { rooms: [active, { ...active, game: 'a b' }] }, [
      'rooms',
      1,
      'game',
    ]);
  });
});
