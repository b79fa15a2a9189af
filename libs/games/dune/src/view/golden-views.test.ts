import { describe, expect, it } from 'vitest';
import { newGame } from '@veil/engine';
import { dune } from '../module.js';
import type { Faction, Viewer } from '../state/types.js';
import { act, afterSetup } from '../testing/scenario.js';

const SIX: readonly Faction[] = [
  'atreides',
  'bene_gesserit',
  'emperor',
  'fremen',
  'spacing_guild',
  'harkonnen',
];

/** Views of named positions, byte for byte: a change to what a seat sees shows up in review. */
describe('Dune golden views', () => {
  const named = {
    'setup-open': newGame(dune, { factions: SIX }, 1),
    'first-storm': afterSetup(SIX, 1),
    'first-storm-one-dial-in': act(afterSetup(SIX, 1), 'atreides', { type: 'dial', value: 7 }),
  };
  for (const [name, snapshot] of Object.entries(named)) {
    for (const viewer of ['atreides', 'bene_gesserit', 'harkonnen', 'spectator'] as Viewer[]) {
      it(`${name} as ${viewer}`, async () => {
        const log = dune.log(snapshot).map((e) => dune.logView(e, viewer));
        await expect(
          JSON.stringify({ view: dune.view(snapshot, viewer), log }, null, 1),
        ).toMatchFileSnapshot(`__golden__/${name}.${viewer}.json`);
      });
    }
  }
});
