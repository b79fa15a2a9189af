import { describe, expect, it } from 'vitest';
import { viewVersion } from '../bench/node-throughput/view-version.js';

const bytes = (value: unknown): Buffer => Buffer.from(JSON.stringify(value));

describe('viewVersion (the latency driver reads a view’s version)', () => {
  it('reads the version of a publication as a game node serializes it', () => {
    const payload = bytes({ roomId: 'lat0-7', version: 1234, seat: 'a', view: { version: 9 } });
    expect(viewVersion(payload, 'lat0-7')).toBe(1234);
  });

  it('agrees with JSON.parse on other shapes, other rooms and odd numbers', () => {
    const cases: [unknown, string][] = [
      [{ version: 5, roomId: 'r' }, 'r'], // another member order
      [{ roomId: 'other', version: 6 }, 'r'], // another room's prefix
      [{ roomId: 'r', version: 7.5 }, 'r'],
      [{ roomId: 'r', version: 0 }, 'r'],
      [{ roomId: 'r', seat: 'a' }, 'r'], // no version at all
      [{ roomId: 'r"x', version: 8 }, 'r"x'], // a room id that needs escaping
    ];
    for (const [value, roomId] of cases) {
      const expected = (value as { version?: number }).version;
      expect(viewVersion(bytes(value), roomId)).toBe(expected);
    }
  });

  it('does not take the digits of a version that is cut short', () => {
    // The prefix and digits, but not the comma after them: parsed in full, which throws.
    expect(() => viewVersion(Buffer.from('{"roomId":"r","version":12'), 'r')).toThrow();
  });
});
