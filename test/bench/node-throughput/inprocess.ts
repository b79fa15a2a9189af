/**
 * (a) Veil in-process, no persistence: per move the engine's `applyAction` (with its legality
 * check), then each seat's `view` serialized to JSON — what a node does per move minus the
 * commit and the network.
 */
import { applyAction, newGame, type GameSnapshot } from '@veil/engine';
import { deckCount, DRAWPLAY_SEATS, drawPlay, policyMove, type DrawPlayState } from './drawplay.js';

export interface InProcessResult {
  moves: number;
  viewBytes: number;
  /** Final snapshots, one per match, kept live for the heap figure. */
  matches: GameSnapshot<DrawPlayState>[];
}

export function playInProcess(
  matchIds: readonly string[],
  movesPerMatch: number,
  onMatch?: (done: number) => void,
): InProcessResult {
  const result: InProcessResult = { moves: 0, viewBytes: 0, matches: [] };
  for (const [index, id] of matchIds.entries()) {
    let snapshot = newGame(drawPlay, { moves: movesPerMatch }, id);
    while (snapshot.status === 'active') {
      const state = snapshot.context;
      const seat = state.active;
      const action = { type: policyMove(state.hands[seat].length, deckCount(state)) };
      snapshot = applyAction(drawPlay, snapshot, seat, action);
      for (const viewer of DRAWPLAY_SEATS) {
        result.viewBytes += JSON.stringify(drawPlay.view(snapshot, viewer)).length;
      }
      result.moves++;
    }
    result.matches.push(snapshot);
    onMatch?.(index + 1);
  }
  return result;
}
