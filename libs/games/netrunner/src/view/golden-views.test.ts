import { describe, expect, it } from 'vitest';
import type { GameSnapshot } from '@veil/engine';
import { playRandom } from '@veil/engine/testing';
import { netrunner } from '../module.js';
import type { Game } from '../state/types.js';

/**
 * Golden files pin the wire JSON of views for a handful of named states, for each viewer: a
 * change to what a viewer receives — a field added, a handle format, an order — shows up as a
 * diff to review. The states come from seeded random play (the first state of each kind), so
 * they are reproducible. Regenerate deliberately with `npx vitest run <this file> -u`.
 */
const NAMED_STATES: { name: string; matches: (value: string) => boolean }[] = [
  { name: 'setup-mulligans', matches: (v) => v === '"setup"' },
  { name: 'corp-action-window', matches: (v) => v.includes('"corpTurn":{"action":"window"}') },
  { name: 'run-approach-ice', matches: (v) => v.includes('"approach":"window"') },
  { name: 'run-encounter', matches: (v) => v.includes('"encounter":"window"') },
  { name: 'run-breach', matches: (v) => v.includes('"success":"breach"') },
  { name: 'runner-discard', matches: (v) => v.includes('"discard":"discarding"') },
  { name: 'game-over', matches: (v) => v === '"over"' },
];

const VIEWERS = ['corp', 'runner', 'spectator'] as const;

function firstState(matches: (value: string) => boolean): GameSnapshot<Game> {
  for (let seed = 1; seed <= 20; seed++) {
    const { snapshots } = playRandom(netrunner, {}, seed, 2000);
    const found = snapshots.find((s) => matches(JSON.stringify(s.value)));
    if (found) return found;
  }
  throw new Error('no such state in 20 seeded games');
}

describe('golden view files', () => {
  for (const { name, matches } of NAMED_STATES) {
    it(`pins the views of ${name}`, async () => {
      const snapshot = firstState(matches);
      for (const viewer of VIEWERS) {
        const json = `${JSON.stringify(netrunner.view(snapshot, viewer), null, 1)}\n`;
        await expect(json).toMatchFileSnapshot(`__golden__/${name}.${viewer}.json`);
      }
    });
  }
});
