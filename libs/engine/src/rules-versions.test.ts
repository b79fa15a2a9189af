import { describe, expect, it } from 'vitest';
import type { AnyGameModule } from './game-module.js';
import { playsRulesVersion, rulesVersionsPlayed, rulesVersionStanding } from './rules-versions.js';

const module = (rulesVersion: number, olderRulesVersions?: number[]) =>
  ({ rulesVersion, ...(olderRulesVersions ? { olderRulesVersions } : {}) }) as AnyGameModule;

describe('rules versions', () => {
  it('plays its own version and the older ones it keeps, and no other', () => {
    expect(rulesVersionsPlayed(module(7, [6]))).toEqual([7, 6]);
    expect(playsRulesVersion(module(7, [6]), 7)).toBe(true);
    expect(playsRulesVersion(module(7, [6]), 6)).toBe(true);
    expect(playsRulesVersion(module(7, [6]), 5)).toBe(false);
    expect(playsRulesVersion(module(7, [6]), 8)).toBe(false);
  });

  it('plays only its own version when it keeps none', () => {
    expect(rulesVersionsPlayed(module(3))).toEqual([3]);
    expect(playsRulesVersion(module(3), 2)).toBe(false);
  });

  it('tells a retired version from a newer build’s', () => {
    expect(rulesVersionStanding(module(7, [6]), 6)).toBe('played');
    expect(rulesVersionStanding(module(7, [6]), 5)).toBe('retired');
    expect(rulesVersionStanding(module(7, [6]), 8)).toBe('newer');
  });
});
