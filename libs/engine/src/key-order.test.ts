import { describe, expect, it } from 'vitest';
import { hasKeysInOrder } from './key-order.js';

describe('hasKeysInOrder', () => {
  const keys = ['a', 'b', 'c'];
  it('holds for exactly those keys in that order', () => {
    expect(hasKeysInOrder({ a: 1, b: undefined, c: null }, keys)).toBe(true);
  });
  it('fails for another order, a missing key or an extra one', () => {
    expect(hasKeysInOrder({ b: 1, a: 1, c: 1 }, keys)).toBe(false);
    expect(hasKeysInOrder({ a: 1, b: 1 }, keys)).toBe(false);
    expect(hasKeysInOrder({ a: 1, b: 1, c: 1, d: 1 }, keys)).toBe(false);
    expect(hasKeysInOrder({}, keys)).toBe(false);
  });
});
