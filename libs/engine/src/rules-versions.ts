import type { AnyGameModule } from './game-module.js';

/** Every rules version whose rooms the module plays: its own, then the older ones it keeps. */
export function rulesVersionsPlayed(module: AnyGameModule): number[] {
  return [module.rulesVersion, ...(module.olderRulesVersions ?? [])];
}

/**
 * Whether a room stored with `version` may be loaded and played on by `module`. Any other
 * version would replay its log under rules it was not played with: the room is retired.
 */
export function playsRulesVersion(module: AnyGameModule, version: number): boolean {
  return rulesVersionsPlayed(module).includes(version);
}

/**
 * How a build stands to a room of `version`: it plays it; it no longer does (`retired`); or
 * the room is a newer build's (`newer`: in an upgrade, met by a node not yet upgraded).
 */
export function rulesVersionStanding(
  module: AnyGameModule,
  version: number,
): 'played' | 'retired' | 'newer' {
  if (playsRulesVersion(module, version)) return 'played';
  return version > module.rulesVersion ? 'newer' : 'retired';
}
