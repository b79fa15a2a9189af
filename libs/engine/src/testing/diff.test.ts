import { describe, expect, it } from 'vitest';
import { firstDifference } from './diff.js';

describe('firstDifference', () => {
  it('names the first differing path', () => {
    expect(firstDifference({ a: [1, { b: 2 }] }, { a: [1, { b: 3 }] })).toEqual({
      path: '$.a[1].b',
      left: '2',
      right: '3',
    });
    expect(firstDifference([1, 2], [1, 2, 3])).toMatchObject({ path: '$.length' });
    expect(firstDifference({ a: 1, b: 2 }, { b: 2, a: 1 })).toMatchObject({ path: '$ (keys)' });
  });

  it('finds nothing in equal values', () => {
    expect(firstDifference({ a: [1, null, 'x'] }, { a: [1, null, 'x'] })).toBeNull();
  });
});
