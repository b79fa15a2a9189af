import { describe, expect, it } from 'vitest';
import { clockText } from './clock-bar.js';

describe('clockText', () => {
  it('shows whole seconds rounded up, so 0:00 means the time has run out', () => {
    expect(clockText(30_000)).toBe('0:30');
    expect(clockText(29_001)).toBe('0:30');
    expect(clockText(29_000)).toBe('0:29');
    expect(clockText(1)).toBe('0:01');
    expect(clockText(0)).toBe('0:00');
    expect(clockText(-500)).toBe('0:00');
  });

  it('shows minutes, and hours past the first', () => {
    expect(clockText(5 * 60_000)).toBe('5:00');
    expect(clockText(3 * 3_600_000)).toBe('3:00:00');
    expect(clockText(3_600_000 + 5 * 60_000 + 9_000)).toBe('1:05:09');
  });
});
