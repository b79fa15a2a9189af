import { describe, expect, it } from 'vitest';
import { agendaPointBand } from './agenda-points.js';

describe('agendaPointBand', () => {
  it.each([
    [40, 18, 19],
    [44, 18, 19],
    [45, 20, 21],
    [49, 20, 21],
    [50, 22, 23],
    [54, 22, 23],
    [55, 24, 25],
    [30, 14, 15],
    [34, 14, 15],
  ])('a deck of %i cards needs %i or %i points', (size, min, max) => {
    expect(agendaPointBand(size)).toEqual({ min, max });
  });
});
