import { describe, expect, it } from 'vitest';
import { seatName } from './seat-name.js';

describe('seatName', () => {
  it('capitalises every word of a seat id', () => {
    expect(seatName('corp')).toBe('Corp');
    expect(seatName('spacing_guild')).toBe('Spacing Guild');
    expect(seatName('bene_gesserit')).toBe('Bene Gesserit');
  });
});
