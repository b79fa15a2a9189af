/**
 * Whether `record` has exactly `keys` as its own enumerable keys, in that order. State updates
 * on hot paths build records field by field (a spread with an overriding key is several times
 * slower in V8), which is only right for a record already in that key order: one stored in
 * another order must keep it, or its JSON would change.
 */
export function hasKeysInOrder(record: object, keys: readonly string[]): boolean {
  let i = 0;
  for (const key in record) if (key !== keys[i++]) return false;
  return i === keys.length;
}
