import { describe, it } from 'vitest';
import { protocolError } from './error-codes.js';
import { createRoomCommandReplySchema, createRoomCommandSchema } from './node-room-creation.js';
import { expectRefused, expectRoundTrip } from './test-support.js';
import { viewPublicationSchema } from './view-publication.js';

const hash = 'a'.repeat(64);
const command = {
  roomId: 'r1',
  game: 'parlor',
  seats: { p1: { kind: 'human', tokenHash: hash }, p2: { kind: 'bot', level: 'random' } },
  options: { spectators: true, spectatorDelayTurns: 1, gameOptions: { turns: 4 } },
};

describe('createRoomCommandSchema', () => {
  it('round-trips a room with a human and a bot seat', () => {
    expectRoundTrip(createRoomCommandSchema, command);
  });

  it('round-trips an open human seat (no token hash yet)', () => {
    const seats = { ...command.seats, p2: { kind: 'human', tokenHash: null } };
    expectRoundTrip(createRoomCommandSchema, { ...command, seats });
  });

  it.each([
    ['a seat token instead of its hash', { p1: { kind: 'human', token: hash } }, ['seats']],
    ['a hash with a space', { p1: { kind: 'human', tokenHash: `${hash} x` } }, ['seats']],
    ['an unknown bot level', { p2: { kind: 'bot', level: 'godlike' } }, ['seats']],
    ['the spectator as a seat', { spectator: { kind: 'bot', level: 'random' } }, ['seats']],
  ])('refuses %s', (_name, seats, path) => {
    expectRefused(createRoomCommandSchema, command, { ...command, seats }, path);
  });

  it('refuses an injected room id and unknown fields', () => {
    expectRefused(createRoomCommandSchema, command, { ...command, roomId: 'r1.>' }, ['roomId']);
    expectRefused(createRoomCommandSchema, command, { ...command, seed: 3 }, []);
  });
});

describe('createRoomCommandReplySchema', () => {
  it('round-trips a creation and a refusal', () => {
    expectRoundTrip(createRoomCommandReplySchema, {
      ok: true,
      roomId: 'r1',
      version: 0,
      nodeId: 'game-1',
    });
    expectRoundTrip(createRoomCommandReplySchema, {
      ok: false,
      error: protocolError('bad_request'),
    });
  });
});

describe('viewPublicationSchema', () => {
  const publication = { roomId: 'r1', version: 3, seat: 'p1', view: { a: 1 }, log: [{ t: 1 }] };

  it('round-trips, and requires the log entries', () => {
    expectRoundTrip(viewPublicationSchema, publication);
    expectRoundTrip(viewPublicationSchema, { ...publication, seat: null, log: [] });
    expectRefused(viewPublicationSchema, publication, { ...publication, log: undefined }, ['log']);
  });
});
