import fc from 'fast-check';
import { expect } from 'vitest';
import type { z } from 'zod';

/** What a value becomes after crossing the wire. */
export function wire(value: unknown): unknown {
  return JSON.parse(JSON.stringify(value));
}

/** `value` survives the wire and parsing unchanged. */
export function expectRoundTrip(schema: z.ZodType, value: unknown): void {
  expect(schema.parse(wire(value))).toStrictEqual(value);
}

/**
 * `base` is accepted and `variant` is refused with an issue at (or under) `path`. Checking the
 * base and the issue's place makes sure the refusal is for the intended reason, so loosening
 * that one rule would make the test fail.
 */
export function expectRefused(
  schema: z.ZodType,
  base: unknown,
  variant: unknown,
  path: readonly PropertyKey[] = [],
): void {
  expect(schema.safeParse(wire(base)).success, 'base must be accepted').toBe(true);
  const result = schema.safeParse(variant);
  expect(result.success, 'variant must be refused').toBe(false);
  const paths = result.error?.issues.map((issue) => issue.path) ?? [];
  expect(
    paths.some((p) => path.every((key, i) => p[i] === key)),
    `an issue at ${JSON.stringify(path)}, got ${JSON.stringify(paths)}`,
  ).toBe(true);
}

/** A string of exactly `bytes` UTF-8 bytes of JSON when it is the value of `{"a": ...}`. */
export function objectOfBytes(bytes: number): { a: string } {
  const overhead = JSON.stringify({ a: '' }).length;
  return { a: 'x'.repeat(bytes - overhead) };
}

/** Every character a safe token may contain. */
export const SAFE_CHARS = 'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-_';

/** Any safe token: room ids, seats, game ids. */
export const safeTokenArb = fc
  .string({ unit: fc.constantFrom(...SAFE_CHARS), minLength: 1, maxLength: 64 })
  .filter((s) => s !== '__proto__');

/** Any safe token that is not the spectator's name. */
export const seatArb = safeTokenArb.filter((s) => s !== 'spectator');

/** Any string with at least one character a NATS subject token must not contain. */
export const unsafeTokenArb = fc
  .tuple(
    fc.string({ maxLength: 10 }),
    fc.constantFrom('.', '*', '>', ' ', '\t', '\n', '\u0000'),
    fc.string({ maxLength: 10 }),
  )
  .map(([before, bad, after]) => before + bad + after);
