import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { jsonBytes, type JsonObject } from './json.js';
import { ERROR_CODES, ERROR_MESSAGES, protocolError } from './error-codes.js';
import { MAX_ACTION_BYTES, MAX_JSON_DEPTH } from './limits.js';
import {
  ackSchema,
  actRequestSchema,
  policyRequestSchema,
  type ActRequest,
} from './socket-commands.js';
import { expectRefused, expectRoundTrip, objectOfBytes, wire } from './test-support.js';

const act: ActRequest = {
  version: 4,
  action: { type: 'install', card: 'h3', server: { kind: 'remote', index: 1 } },
  requestId: 'c6b1d8b2-5a0e-4a3c-9d7e-0f1e2d3c4b5a',
};

/** Any JSON object that fits in an action, in wire form (so -0 is already 0). */
const actionArb = fc
  .dictionary(fc.string({ maxLength: 12 }), fc.jsonValue({ maxDepth: 3 }), { maxKeys: 6 })
  .map((a) => wire(a) as JsonObject)
  .filter((a) => !Object.hasOwn(a, '__proto__') && jsonBytes(a) <= MAX_ACTION_BYTES);

describe('actRequestSchema', () => {
  it('round-trips any valid act request', () => {
    fc.assert(
      fc.property(
        fc.nat(),
        actionArb,
        fc.stringMatching(/^[\x21-\x7e]{1,64}$/),
        (version, action, requestId) => {
          expectRoundTrip(actRequestSchema, { version, action, requestId });
        },
      ),
    );
  });

  it('accepts an action of exactly MAX_ACTION_BYTES', () => {
    expectRoundTrip(actRequestSchema, { ...act, action: objectOfBytes(MAX_ACTION_BYTES) });
  });

  function deep(depth: number): object {
    let v: object = {};
    for (let i = 1; i < depth; i++) v = { v };
    return v;
  }

  const refusals: [string, unknown, PropertyKey[]][] = [
    ['a negative version', { ...act, version: -1 }, ['version']],
    ['a fractional version', { ...act, version: 1.5 }, ['version']],
    ['a version as a string', { ...act, version: '4' }, ['version']],
    [
      'an action of MAX_ACTION_BYTES + 1',
      { ...act, action: objectOfBytes(MAX_ACTION_BYTES + 1) },
      ['action'],
    ],
    ['an action nested too deep', { ...act, action: deep(MAX_JSON_DEPTH + 1) }, ['action']],
    ['an array action', { ...act, action: [{ type: 'draw' }] }, ['action']],
    ['a null action', { ...act, action: null }, ['action']],
    ['a string action', { ...act, action: 'draw' }, ['action']],
    ['no action', { version: act.version, requestId: act.requestId }, ['action']],
    ['an empty request id', { ...act, requestId: '' }, ['requestId']],
    ['a request id of 65 characters', { ...act, requestId: 'x'.repeat(65) }, ['requestId']],
    ['a request id with a space', { ...act, requestId: 'a b' }, ['requestId']],
    ['a room id in the message (it comes from the handshake)', { ...act, roomId: 'r1' }, []],
    ['a seat in the message (it comes from the token)', { ...act, seat: 'corp' }, []],
  ];

  it.each(refusals)('refuses %s', (_name, variant, path) => {
    expectRefused(actRequestSchema, act, variant, path);
  });

  it('sanity: the deep action helper is right at the limit', () => {
    expect(actRequestSchema.safeParse({ ...act, action: deep(MAX_JSON_DEPTH) }).success).toBe(true);
  });
});

describe('policyRequestSchema', () => {
  const policy = { kind: 'rez', policy: 'auto-pass', requestId: 'p-1' };

  it('round-trips setting and clearing a policy', () => {
    expectRoundTrip(policyRequestSchema, policy);
    expectRoundTrip(policyRequestSchema, { ...policy, policy: 'stop' });
    expectRoundTrip(policyRequestSchema, { ...policy, policy: null });
  });

  it.each([
    ['an unknown policy', { ...policy, policy: 'always' }, ['policy']],
    [
      'an absent policy (clearing is an explicit null)',
      { kind: 'rez', requestId: 'p-1' },
      ['policy'],
    ],
    ['a kind with a space', { ...policy, kind: 'paid ability' }, ['kind']],
    ['no request id', { kind: 'rez', policy: 'stop' }, ['requestId']],
  ])('refuses %s', (_name, variant, path) => {
    expectRefused(policyRequestSchema, policy, variant, path);
  });
});

describe('ackSchema', () => {
  it('round-trips success and every error', () => {
    expectRoundTrip(ackSchema, { ok: true, version: 5 });
    for (const code of ERROR_CODES)
      expectRoundTrip(ackSchema, { ok: false, error: protocolError(code) });
  });

  const ok = { ok: true, version: 5 };
  const refused = { ok: false, error: protocolError('stale_version') };

  it.each([
    ['success without a version', ok, { ok: true }, ['version']],
    ['ok as a string', ok, { ...ok, ok: 'true' }, ['ok']],
    ['a refusal without an error', refused, { ok: false }, ['error']],
    [
      'an unknown error code',
      refused,
      { ok: false, error: { code: 'nope', message: ERROR_MESSAGES.internal } },
      ['error', 'code'],
    ],
    [
      'an error with a custom message',
      refused,
      { ok: false, error: { code: 'stale_version', message: 'now at 7' } },
      ['error', 'message'],
    ],
  ])('refuses %s', (_name, base, variant, path) => {
    expectRefused(ackSchema, base, variant, path);
  });
});
