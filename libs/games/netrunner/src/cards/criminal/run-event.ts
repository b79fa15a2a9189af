import type { ChoiceDef } from '../behaviour.js';
import { option } from '../helpers.js';
import { startRun } from '../../rules/run.js';
import type { Game, RunMods, ServerId } from '../../state/types.js';

/** A "Run any server" choice that starts the run with the given lingering effects. */
export function chooseServerToRun(
  servers: (g: Game) => ServerId[],
  mods: (g: Game, source: string | null) => Partial<RunMods>,
): ChoiceDef {
  return {
    prompt: 'The Runner chooses the server to run.',
    options: (g) => servers(g).map((s) => option(s)),
    resolve: (g, d, o) => startRun(g, o.value, { source: d.source, mods: mods(g, d.source) }),
  };
}
