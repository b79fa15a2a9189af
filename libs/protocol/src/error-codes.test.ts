import { describe, expect, it } from 'vitest';
import {
  ERROR_CODES,
  ERROR_HTTP_STATUS,
  ERROR_MESSAGES,
  errorCodeSchema,
  httpErrorBodySchema,
  isErrorCode,
  protocolError,
  protocolErrorSchema,
} from './error-codes.js';
import { expectRefused, expectRoundTrip } from './test-support.js';

describe('error codes', () => {
  it('are the closed list of the contract', () => {
    expect(ERROR_CODES).toEqual([
      'bad_request',
      'unauthorized',
      'forbidden',
      'room_not_found',
      'not_your_turn',
      'illegal_action',
      'stale_version',
      'game_over',
      'rate_limited',
      'payload_too_large',
      'unavailable',
      'timeout',
      'internal',
      'bot_level_unavailable',
      'seat_taken',
      'rules_retired',
    ]);
  });

  it("include every code of the engine's RulesError", () => {
    // Mirrors RULES_ERROR_CODES of @veil/engine, which this lib does not depend on.
    for (const code of ['not_your_turn', 'illegal_action', 'bad_request', 'game_over']) {
      expect(isErrorCode(code)).toBe(true);
    }
  });

  it('refuse anything else', () => {
    for (const bad of ['nope', 'ILLEGAL_ACTION', 'illegal-action', '', null, 3]) {
      expect(errorCodeSchema.safeParse(bad).success).toBe(false);
      expect(isErrorCode(bad)).toBe(false);
    }
  });

  it('each have one distinct, short, generic message and an HTTP error status', () => {
    const messages = ERROR_CODES.map((code) => ERROR_MESSAGES[code]);
    expect(new Set(messages).size).toBe(ERROR_CODES.length);
    for (const code of ERROR_CODES) {
      expect(ERROR_MESSAGES[code].length).toBeGreaterThan(0);
      expect(ERROR_MESSAGES[code].length).toBeLessThanOrEqual(80);
      expect(ERROR_HTTP_STATUS[code]).toBeGreaterThanOrEqual(400);
      expect(ERROR_HTTP_STATUS[code]).toBeLessThan(600);
    }
    expect(Object.keys(ERROR_MESSAGES).sort()).toEqual([...ERROR_CODES].sort());
    expect(Object.keys(ERROR_HTTP_STATUS).sort()).toEqual([...ERROR_CODES].sort());
  });
});

describe('protocolError', () => {
  it.each(ERROR_CODES)('%s: builds the fixed error, which survives the wire', (code) => {
    const error = protocolError(code);
    expect(error).toEqual({ code, message: ERROR_MESSAGES[code] });
    expectRoundTrip(protocolErrorSchema, error);
    expectRoundTrip(httpErrorBodySchema, { error });
  });

  it('refuses an unknown code', () => {
    expectRefused(
      protocolErrorSchema,
      protocolError('internal'),
      { code: 'oops', message: ERROR_MESSAGES.internal },
      ['code'],
    );
  });

  it('refuses any message but the fixed one, so nothing else can ride along', () => {
    const base = protocolError('illegal_action');
    expectRefused(
      protocolErrorSchema,
      base,
      { ...base, message: `${base.message} (card 'Hedge Fund' is not in HQ)` },
      ['message'],
    );
    expectRefused(protocolErrorSchema, base, { ...base, message: ERROR_MESSAGES.bad_request }, [
      'message',
    ]);
  });

  it('refuses an error without a message', () => {
    expectRefused(protocolErrorSchema, protocolError('timeout'), { code: 'timeout' }, ['message']);
  });
});
