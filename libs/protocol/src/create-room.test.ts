import { describe, expect, it } from 'vitest';
import {
  createRoomRequestSchema,
  createRoomResponseSchema,
  type CreateRoomRequest,
  type CreateRoomRequestInput,
} from './create-room.js';
import { MAX_SEATS } from './limits.js';
import { expectRefused, expectRoundTrip, objectOfBytes } from './test-support.js';

const full: CreateRoomRequest = {
  game: 'netrunner',
  seats: { corp: { type: 'human' }, runner: { type: 'bot', level: 'ismcts' } },
  options: {
    spectators: false,
    spectatorDelayTurns: 2,
    seed: 'tournament-1',
    gameOptions: { corpDeck: 'sg-corp-starter', agendaPointsToWin: 6 },
  },
};

function seats(n: number): Record<string, { type: 'human' }> {
  return Object.fromEntries(Array.from({ length: n }, (_, i) => [`s${i}`, { type: 'human' }]));
}

describe('createRoomRequestSchema', () => {
  it('round-trips a full request', () => {
    expectRoundTrip(createRoomRequestSchema, full);
    expectRoundTrip(createRoomRequestSchema, { ...full, options: { ...full.options, seed: 7 } });
    const open = { corp: { type: 'human', open: true }, runner: { type: 'human' } } as const;
    expectRoundTrip(createRoomRequestSchema, { ...full, seats: open });
  });

  it('fills in the option defaults, with or without options', () => {
    const minimal: CreateRoomRequestInput = {
      game: 'netrunner',
      seats: { corp: { type: 'human' }, runner: { type: 'human' } },
    };
    const defaults = { spectators: true, spectatorDelayTurns: 0 };
    expect(createRoomRequestSchema.parse(minimal).options).toStrictEqual(defaults);
    expect(createRoomRequestSchema.parse({ ...minimal, options: {} }).options).toStrictEqual(
      defaults,
    );
    // What the gateway parsed parses again to itself (it is stored and reparsed).
    expectRoundTrip(createRoomRequestSchema, createRoomRequestSchema.parse(minimal));
  });

  it('accepts up to MAX_SEATS seats', () => {
    expectRoundTrip(createRoomRequestSchema, {
      ...full,
      seats: seats(MAX_SEATS),
      options: {
        spectators: true,
        spectatorDelayTurns: 0,
      },
    });
  });

  const refusals: [string, unknown, PropertyKey[]][] = [
    ['a game id with a dot', { ...full, game: 'net.runner' }, ['game']],
    ['no seats', { ...full, seats: {} }, ['seats']],
    ['too many seats', { ...full, seats: seats(MAX_SEATS + 1) }, ['seats']],
    [
      'a seat named spectator',
      { ...full, seats: { ...full.seats, spectator: { type: 'human' } } },
      ['seats'],
    ],
    [
      'a seat name with a wildcard',
      { ...full, seats: { ...full.seats, 'c*': { type: 'human' } } },
      ['seats'],
    ],
    [
      'an unknown seat type',
      { ...full, seats: { corp: { type: 'robot' } } },
      ['seats', 'corp', 'type'],
    ],
    [
      'a bot without a level',
      { ...full, seats: { ...full.seats, runner: { type: 'bot' } } },
      ['seats', 'runner', 'level'],
    ],
    [
      'an unknown bot level',
      { ...full, seats: { ...full.seats, runner: { type: 'bot', level: 'hard' } } },
      ['seats', 'runner', 'level'],
    ],
    [
      'a level on a human seat',
      { ...full, seats: { ...full.seats, corp: { type: 'human', level: 'random' } } },
      ['seats', 'corp'],
    ],
    [
      'an open seat marked other than `true`',
      { ...full, seats: { ...full.seats, corp: { type: 'human', open: false } } },
      ['seats', 'corp', 'open'],
    ],
    ['an unknown field', { ...full, private: true }, []],
    ['an unknown option', { ...full, options: { ...full.options, timeLimit: 60 } }, ['options']],
    [
      'spectators not a boolean',
      { ...full, options: { ...full.options, spectators: 'yes' } },
      ['options', 'spectators'],
    ],
    [
      'a spectator delay above 10',
      { ...full, options: { ...full.options, spectatorDelayTurns: 11 } },
      ['options', 'spectatorDelayTurns'],
    ],
    [
      'a negative spectator delay',
      { ...full, options: { ...full.options, spectatorDelayTurns: -1 } },
      ['options', 'spectatorDelayTurns'],
    ],
    [
      'a fractional spectator delay',
      { ...full, options: { ...full.options, spectatorDelayTurns: 1.5 } },
      ['options', 'spectatorDelayTurns'],
    ],
    [
      'decks outside the game options (a game reads its decks from its own options)',
      { ...full, options: { ...full.options, decks: { corp: 'sg-corp-starter' } } },
      ['options'],
    ],
    [
      'a fractional seed',
      { ...full, options: { ...full.options, seed: 1.5 } },
      ['options', 'seed'],
    ],
    [
      'game options that are an array',
      { ...full, options: { ...full.options, gameOptions: ['x'] } },
      ['options', 'gameOptions'],
    ],
    [
      'game options too large',
      { ...full, options: { ...full.options, gameOptions: objectOfBytes(4097) } },
      ['options', 'gameOptions'],
    ],
    ['no game', { seats: full.seats }, ['game']],
  ];

  it.each(refusals)('refuses %s', (_name, variant, path) => {
    expectRefused(createRoomRequestSchema, full, variant, path);
  });

  it('never turns a __proto__ seat into a seat or a prototype', () => {
    const hostile: unknown = JSON.parse(
      '{"game":"netrunner","seats":{"corp":{"type":"human"},"__proto__":{"type":"human"}}}',
    );
    const { seats } = createRoomRequestSchema.parse(hostile);
    expect(Object.keys(seats)).toEqual(['corp']);
    expect(Object.getPrototypeOf(seats)).toBe(Object.prototype);
  });
});

describe('createRoomResponseSchema', () => {
  const response = {
    roomId: 'V1StGXR8_Z5jdHi6B-myT',
    seats: { corp: { token: 'Zm9vYmFyYmF6cXV4LWZvb2Jhci1iYXotcXV4X2Zvbw' } },
  };

  it('round-trips, including a room of bots only', () => {
    expectRoundTrip(createRoomResponseSchema, response);
    expectRoundTrip(createRoomResponseSchema, { ...response, seats: {} });
  });

  it('refuses a short token', () => {
    expectRefused(
      createRoomResponseSchema,
      response,
      { ...response, seats: { corp: { token: 'short' } } },
      ['seats', 'corp', 'token'],
    );
  });

  it('refuses a room id with a subject wildcard', () => {
    expectRefused(createRoomResponseSchema, response, { ...response, roomId: 'r>' }, ['roomId']);
  });
});
