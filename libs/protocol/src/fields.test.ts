import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  actionSchema,
  BOT_LEVELS,
  botLevelSchema,
  epochMsSchema,
  gameOptionsSchema,
  isSafeToken,
  logEntrySchema,
  requestIdSchema,
  safeTokenSchema,
  seatSchema,
  seatTokenSchema,
  seedSchema,
  standingPolicySchema,
  versionSchema,
  viewerSchema,
  viewSchema,
  windowKindSchema,
} from './fields.js';
import {
  MAX_ACTION_BYTES,
  MAX_GAME_OPTIONS_BYTES,
  MAX_LOG_ENTRY_BYTES,
  MAX_VIEW_BYTES,
} from './limits.js';
import {
  expectRoundTrip,
  objectOfBytes,
  SAFE_CHARS,
  safeTokenArb as safeToken,
} from './test-support.js';

describe('safe tokens', () => {
  it('accepts 1-64 letters, digits, "-" and "_"', () => {
    fc.assert(
      fc.property(safeToken, (token) => {
        expect(isSafeToken(token)).toBe(true);
        expectRoundTrip(safeTokenSchema, token);
      }),
    );
  });

  it('refuses any other character anywhere', () => {
    const unsafe = fc.string({ minLength: 1, maxLength: 1 }).filter((c) => !SAFE_CHARS.includes(c));
    fc.assert(
      fc.property(safeToken, unsafe, fc.nat(), (token, bad, at) => {
        const i = at % (token.length + 1);
        const tainted = token.slice(0, i) + bad + token.slice(i);
        expect(isSafeToken(tainted)).toBe(false);
        expect(safeTokenSchema.safeParse(tainted).success).toBe(false);
      }),
    );
  });

  it.each([
    ['empty', ''],
    ['65 characters', 'a'.repeat(65)],
    ['a dot', 'a.b'],
    ['a star', '*'],
    ['a chevron', '>'],
    ['a space', 'a b'],
    ['a newline', 'a\n'],
    ['__proto__', '__proto__'],
  ])('refuses %s', (_name, value) => {
    expect(isSafeToken(value)).toBe(false);
    expect(safeTokenSchema.safeParse(value).success).toBe(false);
  });

  it('accepts exactly 64 characters', () => {
    expect(isSafeToken('a'.repeat(64))).toBe(true);
  });

  it('refuses non-strings', () => {
    expect(isSafeToken(12)).toBe(false);
    expect(safeTokenSchema.safeParse(12).success).toBe(false);
  });
});

describe('seats and viewers', () => {
  it('no seat may be called "spectator", but a viewer may', () => {
    expect(seatSchema.safeParse('corp').success).toBe(true);
    expect(seatSchema.safeParse('spectator').success).toBe(false);
    expect(viewerSchema.parse('spectator')).toBe('spectator');
    expect(viewerSchema.parse('runner')).toBe('runner');
    expect(viewerSchema.safeParse('a.b').success).toBe(false);
  });
});

describe('versions and deadlines', () => {
  it.each([
    [versionSchema, 'version'],
    [epochMsSchema, 'deadline'],
  ])('%s: a non-negative safe integer', (schema) => {
    expectRoundTrip(schema, 0);
    expectRoundTrip(schema, Number.MAX_SAFE_INTEGER);
    for (const bad of [-1, 1.5, Number.MAX_SAFE_INTEGER + 1, '1', NaN, null]) {
      expect(schema.safeParse(bad).success).toBe(false);
    }
  });
});

describe('requestIdSchema', () => {
  it('accepts 1-64 printable ASCII characters', () => {
    fc.assert(
      fc.property(fc.stringMatching(/^[\x21-\x7e]{1,64}$/), (id) =>
        expectRoundTrip(requestIdSchema, id),
      ),
    );
    expectRoundTrip(requestIdSchema, crypto.randomUUID());
  });

  it.each([
    ['empty', ''],
    ['65 characters', 'r'.repeat(65)],
    ['a space', 'a b'],
    ['a control character', 'a\u0000'],
    ['non-ASCII', 'réq'],
    ['a number', 7],
  ])('refuses %s', (_name, value) => {
    expect(requestIdSchema.safeParse(value).success).toBe(false);
  });
});

describe('seatTokenSchema', () => {
  it('accepts base64url, base64 and hex tokens of 16-256 characters', () => {
    expectRoundTrip(seatTokenSchema, 'Zm9vYmFyYmF6cXV4LWZvb2Jhci1iYXotcXV4X2Zvbw');
    expectRoundTrip(seatTokenSchema, 'Zm9vYmFyYmF6cXV4+/==');
    expectRoundTrip(seatTokenSchema, 'a'.repeat(16));
    expectRoundTrip(seatTokenSchema, 'f'.repeat(256));
  });

  it.each([
    ['15 characters', 'a'.repeat(15)],
    ['257 characters', 'a'.repeat(257)],
    ['a space', 'abcdefgh ijklmnopq'],
    ['a quote', 'abcdefghijklmnop"'],
  ])('refuses %s', (_name, value) => {
    expect(seatTokenSchema.safeParse(value).success).toBe(false);
  });
});

describe('enumerations', () => {
  it('bot levels are the four of docs/architecture.md, "The parts", weakest first', () => {
    expect(BOT_LEVELS).toEqual(['random', 'greedy', 'ismcts', 'expert']);
    expect(botLevelSchema.safeParse('hard').success).toBe(false);
  });

  it('standing policies are auto-pass and stop', () => {
    expect(standingPolicySchema.options).toEqual(['auto-pass', 'stop']);
    expect(standingPolicySchema.safeParse('always').success).toBe(false);
  });

  it('window kinds are short names', () => {
    expectRoundTrip(windowKindSchema, 'paid_ability');
    expectRoundTrip(windowKindSchema, 'run:approach-ice');
    expect(windowKindSchema.safeParse('').success).toBe(false);
    expect(windowKindSchema.safeParse('a b').success).toBe(false);
    expect(windowKindSchema.safeParse('k'.repeat(65)).success).toBe(false);
  });
});

describe('seedSchema', () => {
  it('accepts an integer or a short string, like the engine', () => {
    expectRoundTrip(seedSchema, 42);
    expectRoundTrip(seedSchema, -7);
    expectRoundTrip(seedSchema, 'tournament-3');
    expectRoundTrip(seedSchema, 's'.repeat(128));
    for (const bad of [1.5, '', 's'.repeat(129), null, true]) {
      expect(seedSchema.safeParse(bad).success).toBe(false);
    }
  });
});

describe('game-defined payloads', () => {
  it('an action is a JSON object of at most MAX_ACTION_BYTES', () => {
    expect(MAX_ACTION_BYTES).toBe(4096);
    expectRoundTrip(actionSchema, objectOfBytes(MAX_ACTION_BYTES));
    expect(actionSchema.safeParse(objectOfBytes(MAX_ACTION_BYTES + 1)).success).toBe(false);
    expect(actionSchema.safeParse(['draw']).success).toBe(false);
    expect(actionSchema.safeParse('draw').success).toBe(false);
    expect(actionSchema.safeParse({ amount: NaN }).success).toBe(false);
  });

  it.each([
    ['view', viewSchema, MAX_VIEW_BYTES],
    ['log entry', logEntrySchema, MAX_LOG_ENTRY_BYTES],
    ['game options', gameOptionsSchema, MAX_GAME_OPTIONS_BYTES],
  ])('a %s is bounded JSON', (_name, schema, maxBytes) => {
    expectRoundTrip(schema, objectOfBytes(maxBytes));
    expect(schema.safeParse(objectOfBytes(maxBytes + 1)).success).toBe(false);
    expect(schema.safeParse(undefined).success).toBe(false);
  });
});
