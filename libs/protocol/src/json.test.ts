import fc from 'fast-check';
import { describe, expect, it, vi } from 'vitest';
import {
  boundedJsonObject,
  boundedJsonValue,
  jsonBytes,
  jsonProblem,
  jsonValueSchema,
  type JsonValue,
} from './json.js';
import { MAX_JSON_DEPTH, MAX_VIEW_BYTES } from './limits.js';
import { expectRoundTrip, objectOfBytes, wire } from './test-support.js';

const roomy = { maxDepth: 20, maxBytes: 1_000_000 };

/** `[[[...0...]]]` with `depth` arrays. */
function nested(depth: number): JsonValue {
  let v: JsonValue = 0;
  for (let i = 0; i < depth; i++) v = [v];
  return v;
}

describe('jsonProblem', () => {
  it('accepts any JSON value within bounds, and it survives the wire', () => {
    const schema = boundedJsonValue(roomy);
    fc.assert(
      fc.property(fc.jsonValue({ maxDepth: 8 }), (value) => {
        expect(jsonProblem(value, roomy)).toBeNull();
        // Compared in wire form: -0 is valid JSON input but travels as 0.
        expectRoundTrip(schema, wire(value));
      }),
    );
  });

  it.each([
    ['undefined', undefined, 'not a JSON value (undefined)'],
    ['NaN', NaN, 'not a finite number'],
    ['Infinity', Infinity, 'not a finite number'],
    ['-Infinity', -Infinity, 'not a finite number'],
    ['a function', () => 1, 'not a JSON value (function)'],
    ['a symbol', Symbol('s'), 'not a JSON value (symbol)'],
    ['a bigint', 1n, 'not a JSON value (bigint)'],
    ['a Date', new Date(0), 'not a plain object'],
    ['a Map', new Map(), 'not a plain object'],
  ])('refuses %s', (_name, value, message) => {
    expect(jsonProblem(value, roomy)).toEqual({ path: [], message });
  });

  it('refuses what JSON would silently drop, with the path to it', () => {
    expect(jsonProblem({ a: [1, { b: undefined }] }, roomy)).toEqual({
      path: ['a', 1, 'b'],
      message: 'not a JSON value (undefined)',
    });
    // eslint-disable-next-line no-sparse-arrays
    expect(jsonProblem([1, , 3], roomy)).toEqual({ path: [1], message: 'hole in a sparse array' });
    expect(jsonProblem({ [Symbol('k')]: 1 }, roomy)?.message).toBe('has symbol keys');
    class Card {
      code = 'x';
    }
    expect(jsonProblem({ c: new Card() }, roomy)).toEqual({
      path: ['c'],
      message: 'not a plain object',
    });
  });

  it('accepts objects without a prototype', () => {
    const bare = Object.assign(Object.create(null) as object, { a: 1 });
    expect(jsonProblem(bare, roomy)).toBeNull();
  });

  it('refuses a __proto__ key, which JSON.parse creates as an own property', () => {
    const value: unknown = JSON.parse('{"ok": 1, "__proto__": {"polluted": true}}');
    expect(jsonProblem(value, roomy)).toEqual({ path: ['__proto__'], message: 'forbidden key' });
  });

  it('allows exactly maxDepth levels of nesting', () => {
    const limits = { maxDepth: 5, maxBytes: 1000 };
    expect(jsonProblem(nested(5), limits)).toBeNull();
    expect(jsonProblem(nested(6), limits)?.message).toBe('nested deeper than 5');
    expect(jsonProblem({ a: { b: { c: { d: {} } } } }, limits)).toBeNull();
    expect(jsonProblem({ a: { b: { c: { d: { e: {} } } } } }, limits)?.path).toEqual([
      'a',
      'b',
      'c',
      'd',
      'e',
    ]);
  });

  it('refuses a cycle as too deep instead of overflowing the stack', () => {
    const cyclic: Record<string, unknown> = {};
    cyclic['self'] = cyclic;
    expect(jsonProblem(cyclic, roomy)?.message).toBe('nested deeper than 20');
  });

  it('allows exactly maxBytes bytes of JSON, counted in UTF-8', () => {
    const limits = { maxDepth: 4, maxBytes: 100 };
    expect(jsonProblem(objectOfBytes(100), limits)).toBeNull();
    expect(jsonProblem(objectOfBytes(101), limits)?.message).toBe('larger than 100 bytes of JSON');
    // 'é' is one UTF-16 unit but two UTF-8 bytes.
    const accented = { a: 'é'.repeat(46) };
    expect(jsonBytes(accented)).toBe(100);
    expect(jsonProblem(accented, limits)).toBeNull();
    expect(jsonProblem({ a: 'é'.repeat(47) }, limits)?.message).toBe(
      'larger than 100 bytes of JSON',
    );
  });

  it('counts escapes: a string of quotes is twice its length', () => {
    expect(jsonProblem(['"'.repeat(40)], { maxDepth: 2, maxBytes: 84 })).toBeNull();
    expect(jsonProblem(['"'.repeat(41)], { maxDepth: 2, maxBytes: 84 })).not.toBeNull();
  });

  it('stops walking a huge value as soon as it is too large, without stringifying it', () => {
    let reads = 0;
    const huge: Record<string, unknown> = {};
    for (let i = 0; i < 1000; i++) {
      Object.defineProperty(huge, `k${i}`, {
        enumerable: true,
        get: () => {
          reads++;
          return 'x'.repeat(100);
        },
      });
    }
    const stringify = vi.spyOn(JSON, 'stringify');
    try {
      expect(jsonProblem(huge, { maxDepth: 2, maxBytes: 1000 })?.message).toBe(
        'larger than 1000 bytes of JSON',
      );
      expect(stringify).not.toHaveBeenCalled();
    } finally {
      stringify.mockRestore();
    }
    expect(reads).toBeLessThan(20);
  });

  it('never quotes the input in its messages', () => {
    const secret = 'hq-card-ice-wall';
    const problems = [
      jsonProblem({ [secret]: undefined }, roomy),
      jsonProblem({ a: secret.repeat(100) }, { maxDepth: 2, maxBytes: 10 }),
      jsonProblem([[[secret]]], { maxDepth: 2, maxBytes: 1000 }),
    ];
    for (const problem of problems) {
      expect(problem).not.toBeNull();
      expect(problem?.message).not.toContain(secret);
    }
  });
});

describe('boundedJsonValue', () => {
  it('reports the problem as a zod issue at its path', () => {
    const result = boundedJsonValue(roomy).safeParse({ a: [NaN] });
    expect(result.success).toBe(false);
    expect(result.error?.issues).toMatchObject([
      { path: ['a', 0], message: 'not a finite number' },
    ]);
  });

  it('returns the input itself, without copying', () => {
    const value = { a: [1, 2] };
    expect(boundedJsonValue(roomy).parse(value)).toBe(value);
  });

  it('defaults to MAX_JSON_DEPTH', () => {
    const schema = boundedJsonValue({ maxBytes: 10_000 });
    expect(schema.safeParse(nested(MAX_JSON_DEPTH)).success).toBe(true);
    expect(schema.safeParse(nested(MAX_JSON_DEPTH + 1)).success).toBe(false);
  });
});

describe('boundedJsonObject', () => {
  const schema = boundedJsonObject(roomy);

  it('accepts a JSON object', () => {
    expectRoundTrip(schema, { type: 'install', card: 'h3', server: { kind: 'remote', n: 2 } });
  });

  it.each([
    ['an array', []],
    ['null', null],
    ['a string', 'draw'],
    ['a number', 1],
  ])('refuses %s', (_name, value) => {
    expect(schema.safeParse(value).error?.issues).toMatchObject([{ message: 'not a JSON object' }]);
  });

  it('still checks the contents', () => {
    expect(schema.safeParse({ a: undefined }).success).toBe(false);
  });
});

describe('jsonValueSchema', () => {
  it('is bounded by the largest payload the wire allows', () => {
    expect(jsonValueSchema.safeParse(objectOfBytes(MAX_VIEW_BYTES)).success).toBe(true);
    expect(jsonValueSchema.safeParse(objectOfBytes(MAX_VIEW_BYTES + 1)).success).toBe(false);
  });
});
