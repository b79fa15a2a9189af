import { startRun } from '../../rules/run.js';
import type { Game, RunMods, ServerId } from '../../state/types.js';
import type { ChoiceDef } from '../behaviour.js';
import { option } from '../helpers.js';

/**
 * "Run <one of these servers>" as a Runner choice (run events and run abilities): the
 * servers offered are public, the choice is public (it is the run's announced server).
 */
export function chooseServerToRun(
  prompt: string,
  servers: (g: Game, source: string | null) => ServerId[],
  mods: (g: Game, source: string | null) => Partial<RunMods> = () => ({}),
): ChoiceDef {
  return {
    prompt,
    options: (g, d) => servers(g, d.source).map((id) => option(id)),
    resolve: (g, d, o) => startRun(g, o.value, { source: d.source, mods: mods(g, d.source) }),
  };
}

export const anyServer = (g: Game): ServerId[] => [...g.serverOrder];
