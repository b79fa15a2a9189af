import { z } from 'zod';
import { MAX_JSON_DEPTH, MAX_VIEW_BYTES } from './limits.js';

/**
 * Plain JSON: what survives `JSON.parse(JSON.stringify(x))` unchanged (bar `-0`, accepted and
 * sent as `0`). Readonly so that a game's readonly types fit without copying; the wire never
 * needs to mutate them.
 */
export type JsonPrimitive = null | boolean | number | string;
export type JsonValue = JsonPrimitive | JsonArray | JsonObject;
export type JsonArray = readonly JsonValue[];
export type JsonObject = { readonly [key: string]: JsonValue };

/**
 * The static type of a game-defined payload (a view, a log entry): any value but `undefined`.
 * Checked as bounded JSON at runtime, but typed loosely so that a game's own interfaces (which
 * TypeScript will not widen to an index signature) can be sent without a cast; a reader casts
 * to the game's type, which it must know anyway.
 */
export type OpaqueJson = NonNullable<unknown> | null;

/** The same for a payload that must be a JSON object (an action, game options). */
export type OpaqueJsonObject = object;

export interface JsonLimits {
  /** Containers nested in each other (a primitive has depth 0, `{}` and `[]` depth 1). */
  readonly maxDepth: number;
  /** UTF-8 bytes of the value's JSON text. */
  readonly maxBytes: number;
}

export interface JsonProblem {
  readonly path: readonly (string | number)[];
  readonly message: string;
}

const utf8 = new TextEncoder();

/**
 * The first reason `value` is not bounded plain JSON, or `null` if it is. Values that JSON
 * would silently change are refused rather than repaired (`undefined`, `NaN`, `Infinity`, sparse
 * arrays, class instances, symbol keys), and so is the key `__proto__`, which becomes a
 * prototype instead of a property when an object is rebuilt by assignment. Messages are fixed
 * text: they never quote the input.
 */
export function jsonProblem(value: unknown, limits: JsonLimits): JsonProblem | null {
  // A lower bound of the JSON text's size, kept while walking so that a huge value is refused
  // before it is stringified; exact for ASCII, checked exactly at the end.
  let minBytes = 0;
  const tooLarge = (): JsonProblem => ({
    path: [],
    message: `larger than ${limits.maxBytes} bytes of JSON`,
  });

  const visit = (v: unknown, depth: number, path: (string | number)[]): JsonProblem | null => {
    if (v === null) {
      minBytes += 4;
    } else if (typeof v === 'boolean') {
      minBytes += v ? 4 : 5;
    } else if (typeof v === 'number') {
      if (!Number.isFinite(v)) return { path, message: 'not a finite number' };
      minBytes += String(v).length;
    } else if (typeof v === 'string') {
      minBytes += v.length + 2;
    } else if (typeof v === 'object') {
      if (depth >= limits.maxDepth) {
        return { path, message: `nested deeper than ${limits.maxDepth}` };
      }
      if (Array.isArray(v)) {
        minBytes += 2 + Math.max(0, v.length - 1);
        if (minBytes > limits.maxBytes) return tooLarge();
        for (let i = 0; i < v.length; i++) {
          if (!(i in v)) return { path: [...path, i], message: 'hole in a sparse array' };
          const problem = visit(v[i], depth + 1, [...path, i]);
          if (problem) return problem;
        }
      } else {
        const proto: unknown = Object.getPrototypeOf(v);
        if (proto !== Object.prototype && proto !== null) {
          return { path, message: 'not a plain object' };
        }
        if (Object.getOwnPropertySymbols(v).length > 0) {
          return { path, message: 'has symbol keys' };
        }
        const keys = Object.keys(v);
        minBytes += 2 + Math.max(0, keys.length - 1);
        for (const key of keys) {
          if (key === '__proto__') return { path: [...path, key], message: 'forbidden key' };
          minBytes += key.length + 3;
          if (minBytes > limits.maxBytes) return tooLarge();
          const problem = visit((v as Record<string, unknown>)[key], depth + 1, [...path, key]);
          if (problem) return problem;
        }
      }
    } else {
      return { path, message: `not a JSON value (${typeof v})` };
    }
    return minBytes > limits.maxBytes ? tooLarge() : null;
  };

  const problem = visit(value, 0, []);
  if (problem) return problem;
  return jsonBytes(value as JsonValue) > limits.maxBytes ? tooLarge() : null;
}

/** UTF-8 size of a value's JSON text. */
export function jsonBytes(value: JsonValue): number {
  return utf8.encode(JSON.stringify(value)).byteLength;
}

/**
 * Any bounded JSON value. The parsed value is the input itself: nothing is copied. `T` is only
 * the static type of the result (see `OpaqueJson`); the runtime check is always plain JSON.
 */
export function boundedJsonValue<T extends OpaqueJson = JsonValue>(
  limits: Partial<JsonLimits> & Pick<JsonLimits, 'maxBytes'>,
) {
  const full: JsonLimits = { maxDepth: MAX_JSON_DEPTH, ...limits };
  return z.custom<T>().superRefine((value, ctx) => {
    const problem = jsonProblem(value, full);
    if (problem)
      ctx.addIssue({ code: 'custom', message: problem.message, path: [...problem.path] });
  });
}

/** A bounded JSON object (not an array, not `null`): the shape of every action. */
export function boundedJsonObject<T extends OpaqueJsonObject = JsonObject>(
  limits: Partial<JsonLimits> & Pick<JsonLimits, 'maxBytes'>,
) {
  const full: JsonLimits = { maxDepth: MAX_JSON_DEPTH, ...limits };
  return z.custom<T>().superRefine((value, ctx) => {
    if (typeof value !== 'object' || value === null || Array.isArray(value)) {
      ctx.addIssue({ code: 'custom', message: 'not a JSON object', path: [] });
      return;
    }
    const problem = jsonProblem(value, full);
    if (problem)
      ctx.addIssue({ code: 'custom', message: problem.message, path: [...problem.path] });
  });
}

/** Any plain JSON value within the largest bounds the wire allows (a view's). */
export const jsonValueSchema = boundedJsonValue({ maxBytes: MAX_VIEW_BYTES });

/** Any plain JSON object within the largest bounds the wire allows. */
export const jsonObjectSchema = boundedJsonObject({ maxBytes: MAX_VIEW_BYTES });
