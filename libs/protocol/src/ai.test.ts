import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { aiReplySchema, aiRequestSchema, type AiRequest } from './ai.js';
import { BOT_LEVELS } from './fields.js';
import { protocolError } from './error-codes.js';
import { MAX_ACTION_BYTES, MAX_LEGAL_ACTIONS, MAX_VIEW_BYTES } from './limits.js';
import { expectRefused, expectRoundTrip, objectOfBytes } from './test-support.js';

const request: AiRequest = {
  roomId: 'r1',
  seat: 'runner',
  version: 30,
  level: 'ismcts',
  view: { hand: ['h1', 'h2'], clicks: 4, legalActions: [{ type: 'draw' }, { type: 'credit' }] },
  legalActions: [{ type: 'draw' }, { type: 'credit' }],
  deadline: 1_764_439_380_000,
};

describe('aiRequestSchema', () => {
  it('holds exactly the room, seat, version, level, view, legal actions, deadline and seed', () => {
    expect(Object.keys(aiRequestSchema.shape).sort()).toEqual(
      ['deadline', 'legalActions', 'level', 'roomId', 'seat', 'seed', 'version', 'view'].sort(),
    );
  });

  it('round-trips at every level, with and without a seed', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...BOT_LEVELS),
        fc.option(fc.integer(), { nil: undefined }),
        (level, seed) => {
          expectRoundTrip(
            aiRequestSchema,
            seed === undefined ? { ...request, level } : { ...request, level, seed },
          );
        },
      ),
    );
    expectRoundTrip(aiRequestSchema, { ...request, seed: 'selfplay-7' });
  });

  it('accepts MAX_LEGAL_ACTIONS legal actions', () => {
    expectRoundTrip(aiRequestSchema, {
      ...request,
      legalActions: Array.from({ length: MAX_LEGAL_ACTIONS }, (_, i) => ({ type: 'pick', i })),
    });
  });

  const refusals: [string, unknown, PropertyKey[]][] = [
    ['no legal actions', { ...request, legalActions: [] }, ['legalActions']],
    [
      'too many legal actions',
      { ...request, legalActions: new Array(MAX_LEGAL_ACTIONS + 1).fill({ type: 'x' }) },
      ['legalActions'],
    ],
    [
      'a legal action that is not an object',
      { ...request, legalActions: [{ type: 'draw' }, 'credit'] },
      ['legalActions', 1],
    ],
    [
      'an oversized legal action',
      { ...request, legalActions: [objectOfBytes(MAX_ACTION_BYTES + 1)] },
      ['legalActions', 0],
    ],
    ['an oversized view', { ...request, view: objectOfBytes(MAX_VIEW_BYTES + 1) }, ['view']],
    ['an unknown level', { ...request, level: 'grandmaster' }, ['level']],
    ['a fractional deadline', { ...request, deadline: 1.5 }, ['deadline']],
    ['a deadline as a date string', { ...request, deadline: '2025-11-29T18:03:00Z' }, ['deadline']],
    ['no seat', { ...request, seat: undefined }, ['seat']],
    ['a fractional seed', { ...request, seed: 0.5 }, ['seed']],
    // Only the projection travels: a request carrying more is refused, not read.
    ['a request that also carries a state', { ...request, state: { deck: [] } }, []],
    ['a request that also carries the room seed', { ...request, roomSeed: 'abc' }, []],
  ];

  it.each(refusals)('refuses %s', (_name, variant, path) => {
    expectRefused(aiRequestSchema, request, variant, path);
  });
});

describe('aiReplySchema', () => {
  const ok = { ok: true, roomId: 'r1', version: 30, action: { type: 'draw' } };
  const failed = { ok: false, roomId: 'r1', version: 30, error: protocolError('timeout') };

  it('round-trips an action and an error', () => {
    expectRoundTrip(aiReplySchema, ok);
    expectRoundTrip(aiReplySchema, failed);
  });

  it.each([
    ['an oversized action', ok, { ...ok, action: objectOfBytes(MAX_ACTION_BYTES + 1) }, ['action']],
    ['an array action', ok, { ...ok, action: [] }, ['action']],
    ['no version', ok, { ...ok, version: undefined }, ['version']],
    [
      'an error without a code',
      failed,
      { ...failed, error: { message: 'late' } },
      ['error', 'code'],
    ],
    ['a failure without an error', failed, { ...failed, error: undefined }, ['error']],
  ])('refuses %s', (_name, base, variant, path) => {
    expectRefused(aiReplySchema, base, variant, path);
  });
});
