import type { AnyGameModule, GameSnapshot, SeatOf, StateOf, Viewer } from '../game-module.js';
import { windowShape } from '../reaction-window.js';

/**
 * Everything a viewer can observe of a state, as the bytes that would leave the node: its view,
 * its legal actions, its redaction of every log entry, the public shape of every reaction
 * window, and who the game waits on.
 */
export interface Observation {
  readonly view: string;
  readonly legalActions: string;
  readonly log: string;
  readonly windows: string;
  readonly deciders: string;
}

export function observe<M extends AnyGameModule>(
  module: M,
  snapshot: GameSnapshot<StateOf<M>>,
  viewer: Viewer<SeatOf<M>>,
): Observation {
  return {
    view: JSON.stringify(module.view(snapshot, viewer)),
    legalActions:
      viewer === 'spectator' ? '[]' : JSON.stringify(module.legalActions(snapshot, viewer)),
    log: JSON.stringify(module.log(snapshot).map((entry) => module.logView(entry, viewer))),
    windows: JSON.stringify(module.windows(snapshot).map(windowShape)),
    deciders: JSON.stringify(module.deciders(snapshot)),
  };
}

/** In the order a failure is reported: the most specific part first, the whole view last. */
export const OBSERVATION_PARTS: readonly (keyof Observation)[] = [
  'deciders',
  'windows',
  'legalActions',
  'log',
  'view',
];
