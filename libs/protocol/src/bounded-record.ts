import { z } from 'zod';

/**
 * A record keyed by a token schema with at least `min` and at most `max` entries. (zod drops a
 * `__proto__` key from a record rather than assigning it, so it never becomes a prototype.)
 */
export function boundedRecord<K extends z.ZodType<string>, V extends z.ZodType>(
  key: K,
  value: V,
  { min, max }: { min: number; max: number },
) {
  return z.record(key, value).refine(
    (r) => {
      const n = Object.keys(r).length;
      return n >= min && n <= max;
    },
    { message: `must have ${min} to ${max} entries` },
  );
}
