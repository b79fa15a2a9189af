import { describe, it } from 'vitest';
import { protocolError } from './error-codes.js';
import { placeReplySchema, placeRequestSchema } from './placement.js';
import { expectRefused, expectRoundTrip } from './test-support.js';

describe('placeRequestSchema', () => {
  it('round-trips, and refuses an injected room id', () => {
    expectRoundTrip(placeRequestSchema, { roomId: 'r1' });
    expectRefused(placeRequestSchema, { roomId: 'r1' }, { roomId: 'r1.cmd' }, ['roomId']);
    expectRefused(placeRequestSchema, { roomId: 'r1' }, {}, ['roomId']);
  });
});

describe('placeReplySchema', () => {
  const ok = { ok: true, nodeId: 'game-2' };
  const refused = { ok: false, error: protocolError('room_not_found') };

  it('round-trips a placement and a refusal', () => {
    expectRoundTrip(placeReplySchema, ok);
    expectRoundTrip(placeReplySchema, refused);
    expectRoundTrip(placeReplySchema, { ok: false, error: protocolError('unavailable') });
  });

  it.each([
    ['a placement without a node id', ok, { ok: true }, ['nodeId']],
    ['a node id with a space', ok, { ok: true, nodeId: 'game 2' }, ['nodeId']],
    ['a refusal without an error', refused, { ok: false, nodeId: 'game-2' }, ['error']],
    [
      'an unknown error code',
      refused,
      { ok: false, error: { code: 'gone', message: 'x' } },
      ['error', 'code'],
    ],
  ])('refuses %s', (_name, base, variant, path) => {
    expectRefused(placeReplySchema, base, variant, path);
  });
});
