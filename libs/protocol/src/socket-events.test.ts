import { describe, expect, it } from 'vitest';
import { protocolError } from './error-codes.js';
import { MAX_LOG_ENTRIES, MAX_LOG_ENTRY_BYTES } from './limits.js';
import {
  errorEventSchema,
  logEventSchema,
  SOCKET_EVENTS,
  viewEventSchema,
} from './socket-events.js';
import { expectRefused, expectRoundTrip, objectOfBytes } from './test-support.js';
import { viewPayloadSchema } from './view-payload.js';

describe('socket.io events', () => {
  it('have the names of docs/protocol.md', () => {
    expect(SOCKET_EVENTS).toEqual({
      view: 'view',
      log: 'log',
      error: 'error',
      act: 'act',
      policy: 'policy',
      chat: 'chat',
      rematch: 'rematch',
    });
  });

  it('view is the view payload the node publishes and replies with', () => {
    expect(viewEventSchema).toBe(viewPayloadSchema);
  });

  it('error is a bare protocol error', () => {
    expectRoundTrip(errorEventSchema, protocolError('unavailable'));
    expectRefused(errorEventSchema, protocolError('unavailable'), { code: 'unavailable' }, [
      'message',
    ]);
  });
});

describe('logEventSchema', () => {
  const log = {
    roomId: 'r1',
    version: 9,
    entries: [{ seat: 'corp', did: 'install', card: null }, 'runner drew a card', 3],
  };

  it('round-trips, up to MAX_LOG_ENTRIES entries', () => {
    expectRoundTrip(logEventSchema, log);
    expectRoundTrip(logEventSchema, { ...log, entries: [] });
    expectRoundTrip(logEventSchema, { ...log, entries: new Array(MAX_LOG_ENTRIES).fill('x') });
    expectRoundTrip(logEventSchema, { ...log, entries: [objectOfBytes(MAX_LOG_ENTRY_BYTES)] });
    expectRoundTrip(logEventSchema, { ...log, history: true });
  });

  it.each([
    [
      'too many entries',
      { ...log, entries: new Array(MAX_LOG_ENTRIES + 1).fill('x') },
      ['entries'],
    ],
    [
      'an oversized entry',
      { ...log, entries: ['a', objectOfBytes(MAX_LOG_ENTRY_BYTES + 1)] },
      ['entries', 1],
    ],
    ['an entry that is not JSON', { ...log, entries: [{ at: undefined }] }, ['entries', 0, 'at']],
    ['entries that are not an array', { ...log, entries: { 0: 'a' } }, ['entries']],
    ['no version', { roomId: 'r1', entries: [] }, ['version']],
    ['history other than true', { ...log, history: false }, ['history']],
  ])('refuses %s', (_name, variant, path) => {
    expectRefused(logEventSchema, log, variant, path);
  });
});
