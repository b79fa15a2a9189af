import { dune } from '@veil/dune';
import { describe, expect, it } from 'vitest';
import { duneOptionsSchema } from './dune-options.js';

const accepts = (options: unknown) => duneOptionsSchema.safeParse(options).success;

describe('Dune room options', () => {
  it('takes every option at each of its values, and none at all', () => {
    expect(accepts({})).toBe(true);
    const every = {
      factions: ['atreides', 'harkonnen', 'emperor'],
      turns: 20,
      spiceCollection: 'territory',
      twoPlayerStrongholds: 4,
      bgCharity: 'always',
      mostStrongholdsTie: 'nobody',
      predictionOnDefault: true,
      harkonnenMulligan: false,
      semutaDrug: true,
      semutaFullHand: 'barred',
    };
    expect(accepts(every)).toBe(true);
    // What the schema takes, the rules set up.
    expect(dune.seats(duneOptionsSchema.parse(every))).toEqual([
      'atreides',
      'harkonnen',
      'emperor',
    ]);
  });

  it('refuses a misspelt option instead of playing its default', () => {
    expect(accepts({ factions: ['atreides', 'harkonnen'], semutaDrg: true })).toBe(false);
  });

  it('refuses values outside each option', () => {
    for (const bad of [
      { factions: ['atreides'] },
      {
        factions: [
          'atreides',
          'fremen',
          'atreides',
          'fremen',
          'emperor',
          'harkonnen',
          'bene_gesserit',
        ],
      },
      { factions: ['atreides', 'ixians'] },
      { turns: 0 },
      { turns: 21 },
      { turns: 2.5 },
      { spiceCollection: 'anywhere' },
      { twoPlayerStrongholds: 5 },
      { semutaDrug: 'yes' },
      { semutaFullHand: 'discard' },
      [],
    ]) {
      expect(accepts(bad), JSON.stringify(bad)).toBe(false);
    }
  });
});
