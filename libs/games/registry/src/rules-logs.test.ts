import { rulesVersionsPlayed } from '@veil/engine';
import { replayRulesLog } from '@veil/engine/testing';
import { describe, expect, it } from 'vitest';
import { PRODUCTION_GAMES } from './games.js';
import { loggedRulesVersions, readRulesLog } from './rules-logs.js';

/**
 * docs/architecture.md, "Rules versions": a stored room is played on by whatever build loads
 * it, so a change to how the rules play a stored log must bump the game's `rulesVersion` (and
 * keep the old version only by branching on it). Each version the rules play has a recorded
 * log, and the code must still play it move for move.
 */
describe.each(PRODUCTION_GAMES.map((entry) => [entry.module.id, entry.module] as const))(
  'rules logs of %s',
  (id, module) => {
    it('has a log for exactly the rules versions it plays', () => {
      const played = rulesVersionsPlayed(module).sort((a, b) => a - b);
      expect(
        loggedRulesVersions(id),
        `record a new version's log with \`npm run rules-log -- ${id}\`; delete a retired one's`,
      ).toEqual(played);
    });

    it.each(rulesVersionsPlayed(module))('plays the log of rules version %i as recorded', (v) => {
      const log = readRulesLog(id, v);
      expect([log.game, log.rulesVersion]).toEqual([id, v]);
      expect(
        replayRulesLog(module, log),
        `the rules now play version ${v}'s stored rooms differently: bump rulesVersion`,
      ).toBeNull();
    });
  },
);
