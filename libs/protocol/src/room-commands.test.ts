import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ERROR_CODES, protocolError } from './error-codes.js';
import { MAX_ACTION_BYTES, MAX_LOG_ENTRIES } from './limits.js';
import {
  roomCommandReplySchema,
  roomCommandSchema,
  type ActCommand,
  type RoomCommand,
} from './room-commands.js';
import { expectRefused, expectRoundTrip, objectOfBytes, seatArb } from './test-support.js';
import type { ViewPayload } from './view-payload.js';

const act: ActCommand = {
  type: 'act',
  seat: 'runner',
  version: 12,
  action: { type: 'run', server: 'hq' },
  requestId: 'req-12',
};
const join: RoomCommand = { type: 'join', viewer: 'corp', connectionId: 'Qm9iIHRoZSBzb2NrZXQ' };
const spectatorJoin: RoomCommand = { type: 'join', viewer: 'spectator', connectionId: 'sock-2' };
const leave: RoomCommand = { type: 'leave', viewer: 'corp', connectionId: 'Qm9iIHRoZSBzb2NrZXQ' };
const policy: RoomCommand = {
  type: 'policy',
  seat: 'corp',
  kind: 'rez',
  policy: null,
  requestId: 'p-3',
};
const sync: RoomCommand = { type: 'sync', viewer: 'spectator' };
const publicVersion: RoomCommand = { type: 'publicVersion' };

const view: ViewPayload = { roomId: 'r1', version: 13, seat: 'runner', view: { credits: 4 } };

describe('roomCommandSchema', () => {
  it.each([
    act,
    join,
    spectatorJoin,
    leave,
    policy,
    sync,
    publicVersion,
    { ...policy, policy: 'stop' },
  ])('round-trips %j', (command) => {
    expectRoundTrip(roomCommandSchema, command);
  });

  it('round-trips any act command', () => {
    fc.assert(
      fc.property(seatArb, fc.nat(), fc.string({ maxLength: 200 }), (seat, version, text) => {
        expectRoundTrip(roomCommandSchema, {
          ...act,
          seat,
          version,
          action: { type: 'say', text },
        });
      }),
    );
  });

  const refusals: [string, RoomCommand, unknown, PropertyKey[]][] = [
    ['an unknown type', act, { ...act, type: 'kick' }, ['type']],
    ['act without a seat', act, { ...act, seat: undefined }, ['seat']],
    ['act as the spectator', act, { ...act, seat: 'spectator' }, ['seat']],
    [
      'act with an oversized action',
      act,
      { ...act, action: objectOfBytes(MAX_ACTION_BYTES + 1) },
      ['action'],
    ],
    ['act without a request id', act, { ...act, requestId: undefined }, ['requestId']],
    ['join with a wildcard viewer', join, { ...join, viewer: '*' }, ['viewer']],
    ['join without a connection id', join, { type: 'join', viewer: 'corp' }, ['connectionId']],
    [
      'leave with a dotted connection id',
      leave,
      { ...leave, connectionId: 'a.b' },
      ['connectionId'],
    ],
    ['policy with an unknown policy', policy, { ...policy, policy: 'never' }, ['policy']],
    ['policy for the spectator', policy, { ...policy, seat: 'spectator' }, ['seat']],
    ['sync with an injected viewer', sync, { ...sync, viewer: 'corp.>' }, ['viewer']],
  ];

  it.each(refusals)('refuses %s', (_name, base, variant, path) => {
    expectRefused(roomCommandSchema, base, variant, path);
  });
});

describe('roomCommandReplySchema', () => {
  it('round-trips success with and without a view', () => {
    expectRoundTrip(roomCommandReplySchema, { ok: true, version: 13 });
    expectRoundTrip(roomCommandReplySchema, { ok: true, version: 13, view });
    expectRoundTrip(roomCommandReplySchema, {
      ok: true,
      version: 13,
      view: { ...view, seat: null },
    });
    // A join's answer also carries the viewer's log so far.
    expectRoundTrip(roomCommandReplySchema, { ok: true, version: 13, view, log: ['a', { b: 1 }] });
  });

  it('round-trips every error, and stale_version with the current view', () => {
    for (const code of ERROR_CODES) {
      expectRoundTrip(roomCommandReplySchema, { ok: false, error: protocolError(code) });
    }
    expectRoundTrip(roomCommandReplySchema, {
      ok: false,
      error: protocolError('stale_version'),
      view,
    });
  });

  const stale = { ok: false, error: protocolError('stale_version'), view };

  it.each(ERROR_CODES.filter((code) => code !== 'stale_version'))(
    'refuses a view on a %s error',
    (code) => {
      expectRefused(roomCommandReplySchema, stale, { ...stale, error: protocolError(code) }, [
        'view',
      ]);
    },
  );

  it.each([
    ['success without a version', { ok: true }, ['version']],
    [
      'an error with a custom message',
      { ok: false, error: { code: 'internal', message: 'db down' } },
      ['error', 'message'],
    ],
    ['a malformed view', { ...stale, view: { ...view, version: -1 } }, ['view', 'version']],
    ['ok missing', { version: 3 }, ['ok']],
    [
      'a log of more than MAX_LOG_ENTRIES entries',
      { ok: true, version: 3, log: new Array(MAX_LOG_ENTRIES + 1).fill('x') },
      ['log'],
    ],
  ])('refuses %s', (_name, variant, path) => {
    expectRefused(roomCommandReplySchema, stale, variant, path);
  });

  it('tells success from refusal', () => {
    const reply = roomCommandReplySchema.parse({ ok: false, error: protocolError('game_over') });
    expect(reply.ok ? 'ok' : reply.error.code).toBe('game_over');
  });
});
