import {
  applyAction,
  newGame,
  restoreGame,
  RulesError,
  type GameSnapshot,
  type Rng,
  type Viewer,
} from '@veil/engine';
import { checkDeterminism, checkLiveness, checkNoninterference } from '@veil/engine/testing';
import { describe, expect, it } from 'vitest';
import {
  DECK_SIZE,
  deckCount,
  drawPlay,
  type DrawPlayModule,
  type DrawPlaySeat,
  type DrawPlayState,
} from './drawplay.js';

// Draw-play is the benchmark's game, run by the real game node over NATS: like every game it
// must pass the privacy harness (docs/privacy.md), and the harness must catch a leaky variant of it.

type Snapshot = GameSnapshot<DrawPlayState>;

/** A place holding a card `viewer` cannot see: a deck position, or a hand position. */
type HiddenSpot = { readonly deck: number } | { readonly seat: DrawPlaySeat; readonly at: number };

function hiddenSpots(state: DrawPlayState, viewer: Viewer<DrawPlaySeat>): HiddenSpot[] {
  const spots: HiddenSpot[] = [];
  for (let i = state.deckTop; i < state.deck.length; i++) spots.push({ deck: i });
  for (const seat of ['p1', 'p2'] as const) {
    if (seat === viewer) continue;
    state.hands[seat].forEach((_, at) => spots.push({ seat, at }));
  }
  return spots;
}

function cardAt(state: DrawPlayState, spot: HiddenSpot): number {
  const card = 'deck' in spot ? state.deck[spot.deck] : state.hands[spot.seat][spot.at];
  if (card === undefined) throw new Error('no card at a hidden spot');
  return card;
}

/**
 * Every card `viewer` cannot see dealt again at random into the places they hid in (the deck
 * from its top, the other hand, both hands for a spectator), and renamed to match in the draws
 * whose card the viewer is not shown; and another PRNG state, which no one sees (draw-play
 * draws nothing from it after setup, so what follows a seat's own action stays comparable).
 * A swap of two such cards would rarely touch the top of a 200-card deck or a hand of two,
 * and a leak of either would go unseen.
 */
function perturbDrawPlay(
  snapshot: Snapshot,
  viewer: Viewer<DrawPlaySeat>,
  rng: Rng,
  module: DrawPlayModule = drawPlay,
): Snapshot | null {
  const state = snapshot.context;
  const spots = hiddenSpots(state, viewer);
  if (spots.length < 2) return null;
  const before = spots.map((spot) => cardAt(state, spot));
  const after = rng.shuffle(before);
  const renamed = new Map(before.map((card, i) => [card, after[i] as number]));
  const rename = (card: number): number => renamed.get(card) ?? card;
  const deck = state.deck.map((card, at) => (at >= state.deckTop ? rename(card) : card));
  const hands = {
    p1: viewer === 'p1' ? state.hands.p1 : state.hands.p1.map(rename),
    p2: viewer === 'p2' ? state.hands.p2 : state.hands.p2.map(rename),
  };
  const log = state.log.map((entry) =>
    entry.type === 'draw' && entry.seat !== viewer ? { ...entry, card: rename(entry.card) } : entry,
  );
  return restoreGame(module, {
    value: snapshot.value,
    context: { ...state, rng: rng.fork(), deck, hands, log },
    status: snapshot.status,
  });
}

const options = { moves: 40 };

describe('draw-play rules', () => {
  it('sets up a shuffled deck of every card, both hands empty, p1 to move', () => {
    const state = newGame(drawPlay, {}, 'seed-1').context;
    expect([...state.deck].sort((x, y) => x - y)).toEqual(
      Array.from({ length: DECK_SIZE }, (_, card) => card),
    );
    expect(state.deck).not.toEqual(Array.from({ length: DECK_SIZE }, (_, card) => card));
    expect(deckCount(state)).toBe(DECK_SIZE);
    expect(state.hands).toEqual({ p1: [], p2: [] });
    expect(drawPlay.deciders(newGame(drawPlay, {}, 'seed-1'))).toEqual(['p1']);
  });

  it('draws the top card to the hand, plays the first hand card to the discard, alternating', () => {
    const start = newGame(drawPlay, options, 'seed-2');
    const top = start.context.deck[0];
    const drawn = applyAction(drawPlay, start, 'p1', { type: 'draw' });
    expect(drawn.context.hands.p1).toEqual([top]);
    expect(deckCount(drawn.context)).toBe(DECK_SIZE - 1);
    expect(drawPlay.deciders(drawn)).toEqual(['p2']);
    const p2Drew = applyAction(drawPlay, drawn, 'p2', { type: 'draw' });
    const played = applyAction(drawPlay, p2Drew, 'p1', { type: 'play' });
    expect(played.context.hands.p1).toEqual([]);
    expect(played.context.discard).toEqual([top]);
    // The input snapshots are untouched (the deck array is shared, never written).
    expect(drawn.context.hands.p1).toEqual([top]);
    expect(start.context.hands.p1).toEqual([]);
  });

  it('refuses the wrong seat and a play from an empty hand, and ends after its moves', () => {
    const start = newGame(drawPlay, { moves: 2 }, 'seed-3');
    expect(() => applyAction(drawPlay, start, 'p2', { type: 'draw' })).toThrow(RulesError);
    expect(() => applyAction(drawPlay, start, 'p1', { type: 'play' })).toThrow(
      expect.objectContaining({ code: 'illegal_action' }),
    );
    const one = applyAction(drawPlay, start, 'p1', { type: 'draw' });
    const two = applyAction(drawPlay, one, 'p2', { type: 'draw' });
    expect(drawPlay.outcome(two)).toEqual({ winners: [], reason: 'moves_played' });
    expect(drawPlay.deciders(two)).toEqual([]);
  });

  it("shows a seat its own hand and the other's only as a count, and redacts the other's draws", () => {
    const s = applyAction(drawPlay, newGame(drawPlay, options, 'seed-4'), 'p1', { type: 'draw' });
    const card = s.context.hands.p1[0];
    expect(drawPlay.view(s, 'p1').hand).toEqual([card]);
    expect(drawPlay.view(s, 'p2').hand).toEqual([]);
    expect(drawPlay.view(s, 'p2').handCounts).toEqual({ p1: 1, p2: 0 });
    expect(drawPlay.view(s, 'spectator').hand).toBeNull();
    const entry = drawPlay.log(s)[0];
    if (!entry) throw new Error('no log entry');
    expect(drawPlay.logView(entry, 'p1')).toEqual({ type: 'draw', seat: 'p1', card });
    expect(drawPlay.logView(entry, 'p2')).toEqual({ type: 'draw', seat: 'p1' });
    expect(drawPlay.logView(entry, 'spectator')).toEqual({ type: 'draw', seat: 'p1' });
  });
});

/** The harness on a (leaky) variant of draw-play, perturbed as draw-play is. */
function noninterference(module: DrawPlayModule): void {
  checkNoninterference({
    module,
    options,
    perturb: (s, v, rng) => perturbDrawPlay(s, v, rng, module),
    numRuns: 50,
    maxSteps: 20,
    seed: 14,
  });
}

describe('draw-play passes the privacy harness', () => {
  it('noninterference for both seats and the spectator', () => {
    const report = checkNoninterference({
      module: drawPlay,
      options,
      perturb: (s, v, rng) => perturbDrawPlay(s, v, rng),
      // Finished games are not compared (docs/privacy.md): enough runs for 150 live states.
      numRuns: 180,
      maxSteps: 40,
      seed: 11,
    });
    expect(report.statesChecked).toBeGreaterThanOrEqual(150);
    expect(report.perturbed).toBeGreaterThan(report.statesChecked / 2);
  });

  it('determinism and liveness', () => {
    expect(
      checkDeterminism({ module: drawPlay, options, numRuns: 20, seed: 12 }).snapshotsCompared,
    ).toBeGreaterThan(200);
    expect(
      checkLiveness({ module: drawPlay, options, numRuns: 20, seed: 13 }).statesChecked,
    ).toBeGreaterThan(200);
  });

  // The check above means something only if it fails on a draw-play that leaks.
  it('catches a view that shows the top of the deck', () => {
    const leaky: DrawPlayModule = {
      ...drawPlay,
      view: (s, viewer) => ({
        ...drawPlay.view(s, viewer),
        topCard: s.context.deck[s.context.deckTop],
      }),
    };
    expect(() => noninterference(leaky)).toThrow(/'s view depends on hidden information/);
  });

  it('catches a view that shows the PRNG state', () => {
    const leaky: DrawPlayModule = {
      ...drawPlay,
      view: (s, viewer) => ({ ...drawPlay.view(s, viewer), rng: s.context.rng }),
    };
    expect(() => noninterference(leaky)).toThrow(/'s view depends on hidden information/);
  });

  it("catches a log view that names the other seat's drawn card", () => {
    const leaky: DrawPlayModule = { ...drawPlay, logView: (entry) => entry };
    expect(() => noninterference(leaky)).toThrow(/'s log depends on hidden information/);
  });
});
