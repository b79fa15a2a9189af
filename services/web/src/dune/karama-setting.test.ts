import { describe, expect, it } from 'vitest';
import { asksAtKarama, karamaChanges } from './karama-setting.js';

const OFF = { karama_battle: 'auto-pass', karama_wormsign: 'auto-pass', karama_power: 'auto-pass' };

describe('the Karama windows setting', () => {
  it('asks by default, and turns every Karama window off and on again', () => {
    expect(asksAtKarama({})).toBe(true);
    expect(karamaChanges({}, false)).toEqual([
      ['karama_battle', 'auto-pass'],
      ['karama_wormsign', 'auto-pass'],
      ['karama_power', 'auto-pass'],
    ]);
    expect(asksAtKarama(OFF)).toBe(false);
    expect(karamaChanges(OFF, true)).toEqual([
      ['karama_battle', null],
      ['karama_wormsign', null],
      ['karama_power', null],
    ]);
  });

  it('reads a seat with only some windows off as asked, and changes only what differs', () => {
    const some = { karama_power: 'auto-pass', any_time: 'stop' };
    expect(asksAtKarama(some)).toBe(true);
    expect(karamaChanges(some, false)).toEqual([
      ['karama_battle', 'auto-pass'],
      ['karama_wormsign', 'auto-pass'],
    ]);
    expect(karamaChanges(some, true)).toEqual([['karama_power', null]]);
    expect(karamaChanges(OFF, false)).toEqual([]);
  });
});
