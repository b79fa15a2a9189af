import { describe, expect, it } from 'vitest';
import { CARD_COVERAGE } from '../../coverage.js';
import { behaviourOf } from '../registry.js';
import { HB_JINTEKI_COVERAGE } from './corp-hb-jinteki-coverage.js';

describe('Haas-Bioroid, Jinteki and Elevation coverage', () => {
  it('every card has a behaviour and its entry reaches CARD_COVERAGE', () => {
    const codes = Object.keys(HB_JINTEKI_COVERAGE);
    expect(codes).toHaveLength(18);
    for (const code of codes) {
      expect(behaviourOf(code)?.code).toBe(code);
      const entry = CARD_COVERAGE.find((c) => c.code === code);
      expect(entry?.status).toBe(HB_JINTEKI_COVERAGE[code]?.status);
    }
  });
});
