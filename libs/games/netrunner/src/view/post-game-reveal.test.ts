import { describe, expect, it } from 'vitest';
import { playRandom } from '@veil/engine/testing';
import { netrunner } from '../module.js';
import type { CardView, NetrunnerView } from './view.js';

/** Every card of a view, wherever it lies (zones, piles shown in order, servers). */
function cardsOf(v: NetrunnerView): CardView[] {
  return [
    v.corp.identity,
    ...v.corp.hq,
    ...(v.corp.rdKnown ?? []).map((p) => p.card),
    ...v.corp.archives.faceUp,
    ...v.corp.archives.faceDown,
    ...v.corp.scored,
    v.runner.identity,
    ...v.runner.grip,
    ...(v.runner.stackKnown ?? []).map((p) => p.card),
    ...v.runner.heap,
    ...v.runner.rig,
    ...v.runner.scored,
    ...v.servers.flatMap((s) => [...s.ice, ...s.root]),
    ...v.playArea,
    ...v.removed,
  ];
}

describe('the reveal after the game', () => {
  const { snapshots } = playRandom(netrunner, {}, 3, 3000);
  const last = snapshots[snapshots.length - 1]!;
  const live = snapshots[snapshots.length - 2]!;

  it('shows every card of both decks, in order, to both seats and spectators once the game is over', () => {
    expect(netrunner.outcome(last)).not.toBeNull();
    for (const viewer of ['corp', 'runner', 'spectator'] as const) {
      const v = netrunner.view(last, viewer);
      expect(v.corp.rdKnown?.map((p) => p.position)).toEqual([...Array(v.corp.rdCount).keys()]);
      expect(v.runner.stackKnown?.map((p) => p.position)).toEqual([
        ...Array(v.runner.stackCount).keys(),
      ]);
      const unnamed = cardsOf(v).filter((c) => c.code === undefined);
      expect(unnamed).toEqual([]);
      // Every card of the game is in the view exactly once.
      expect(cardsOf(v).length).toBe(Object.keys(last.context.cards).length);
    }
  });

  it('keeps hidden cards hidden one step before the end', () => {
    expect(netrunner.outcome(live)).toBeNull();
    const v = netrunner.view(live, 'spectator');
    expect(cardsOf(v).some((c) => c.code === undefined)).toBe(true);
  });
});
