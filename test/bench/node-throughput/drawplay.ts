/**
 * Draw-play: the tiny game both systems run in this benchmark, as a Veil game module (an XState
 * machine, pure rule functions, per-viewer views), shaped like the engine's Parlor fixture.
 *
 * Two seats; a secret deck of `DECK_SIZE` cards shuffled at setup by the seeded PRNG; the seats
 * alternate one move per turn: `draw` (the top card to one's own hand, hidden from the other
 * seat) or `play` (the first hand card faceup to the public discard). The game ends after
 * `moves` moves (default 100).
 */
import { assign, setup } from 'xstate';
import {
  restoreGame,
  seedRng,
  shuffle,
  type GameEvent,
  type GameInput,
  type GameModule,
  type GameSnapshot,
  type Outcome,
  type Rng,
  type RngState,
  type Viewer,
} from '@veil/engine';

export type DrawPlaySeat = 'p1' | 'p2';
export const DRAWPLAY_SEATS: readonly DrawPlaySeat[] = ['p1', 'p2'];
export const DECK_SIZE = 200;
export const DEFAULT_MOVES = 100;

export interface DrawPlayOptions {
  /** Moves (both seats together) before the game ends. */
  readonly moves?: number;
}

export type DrawPlayAction = { readonly type: 'draw' } | { readonly type: 'play' };

export type DrawPlayLogEntry =
  | { readonly type: 'draw'; readonly seat: DrawPlaySeat; readonly card: number }
  | { readonly type: 'play'; readonly seat: DrawPlaySeat; readonly card: number };

export type DrawPlayVisibleLogEntry =
  DrawPlayLogEntry | { readonly type: 'draw'; readonly seat: DrawPlaySeat };

export interface DrawPlayState {
  /** Secret: never in a view. */
  readonly rng: RngState;
  /**
   * The shuffled deck, never copied: cards `deckTop`… are still in it (the top is `deckTop`).
   * A draw only moves `deckTop`, so the states of a game share one deck array instead of each
   * holding a copy (a room's state is what its node's scavenges copy and promote). Secret.
   */
  readonly deck: readonly number[];
  readonly deckTop: number;
  readonly hands: Readonly<Record<DrawPlaySeat, readonly number[]>>;
  readonly discard: readonly number[];
  readonly active: DrawPlaySeat;
  readonly moves: number;
  readonly maxMoves: number;
  readonly log: readonly DrawPlayLogEntry[];
}

export interface DrawPlayView {
  readonly viewer: Viewer<DrawPlaySeat>;
  readonly over: boolean;
  readonly active: DrawPlaySeat;
  readonly moves: number;
  readonly maxMoves: number;
  readonly deckCount: number;
  readonly handCounts: Readonly<Record<DrawPlaySeat, number>>;
  /** The viewer's own hand; `null` for a spectator. */
  readonly hand: readonly number[] | null;
  readonly discard: readonly number[];
  readonly deciders: readonly DrawPlaySeat[];
  /** Present only when the viewer is a decider. */
  readonly legalActions?: readonly DrawPlayAction[];
}

export type DrawPlayModule = GameModule<
  DrawPlaySeat,
  DrawPlayState,
  DrawPlayAction,
  DrawPlayView,
  DrawPlayLogEntry,
  DrawPlayVisibleLogEntry,
  DrawPlayOptions
>;

const other = (seat: DrawPlaySeat): DrawPlaySeat => (seat === 'p1' ? 'p2' : 'p1');

/** Cards left to draw. */
export const deckCount = (state: DrawPlayState): number => state.deck.length - state.deckTop;

// ---- rules: plain functions from state to state -------------------------------------------

export function setupDrawPlay(input: GameInput<DrawPlayOptions>): DrawPlayState {
  const [deck, rng] = shuffle(
    seedRng(input.seed),
    Array.from({ length: DECK_SIZE }, (_, card) => card),
  );
  return {
    rng,
    deck,
    deckTop: 0,
    hands: { p1: [], p2: [] },
    discard: [],
    active: 'p1',
    moves: 0,
    maxMoves: input.options?.moves ?? DEFAULT_MOVES,
    log: [],
  };
}

function endMove(state: DrawPlayState): DrawPlayState {
  return { ...state, active: other(state.active), moves: state.moves + 1 };
}

export function draw(state: DrawPlayState, seat: DrawPlaySeat): DrawPlayState {
  const card = state.deck[state.deckTop];
  if (card === undefined) throw new Error('draw: empty deck');
  return endMove({
    ...state,
    deckTop: state.deckTop + 1,
    hands: { ...state.hands, [seat]: [...state.hands[seat], card] },
    log: [...state.log, { type: 'draw', seat, card }],
  });
}

export function play(state: DrawPlayState, seat: DrawPlaySeat): DrawPlayState {
  const card = state.hands[seat][0];
  if (card === undefined) throw new Error('play: empty hand');
  return endMove({
    ...state,
    hands: { ...state.hands, [seat]: state.hands[seat].slice(1) },
    discard: [...state.discard, card],
    log: [...state.log, { type: 'play', seat, card }],
  });
}

// ---- the statechart ---------------------------------------------------------------------------

type DrawPlayEvent = GameEvent<DrawPlaySeat, DrawPlayAction>;

function actingSeat(event: DrawPlayEvent): DrawPlaySeat {
  if (event.type !== 'act') throw new Error('not an act event');
  return event.seat;
}

export const drawPlayMachine = setup({
  types: {
    context: {} as DrawPlayState,
    events: {} as DrawPlayEvent,
    input: {} as GameInput<DrawPlayOptions>,
  },
  guards: {
    isDraw: ({ event }) => event.type === 'act' && event.action.type === 'draw',
    isPlay: ({ event }) => event.type === 'act' && event.action.type === 'play',
    finished: ({ context }) => context.moves >= context.maxMoves,
  },
  actions: {
    draw: assign(({ context, event }) => draw(context, actingSeat(event))),
    play: assign(({ context, event }) => play(context, actingSeat(event))),
  },
}).createMachine({
  id: 'drawplay',
  context: ({ input }) => setupDrawPlay(input),
  initial: 'turn',
  states: {
    turn: {
      always: { guard: 'finished', target: 'over' },
      on: {
        act: [
          { guard: 'isDraw', actions: 'draw' },
          { guard: 'isPlay', actions: 'play' },
        ],
      },
    },
    over: { type: 'final' },
  },
});

// ---- the module -------------------------------------------------------------------------------

function deciders(snapshot: GameSnapshot<DrawPlayState>): DrawPlaySeat[] {
  return snapshot.status === 'active' ? [snapshot.context.active] : [];
}

function legalActions(snapshot: GameSnapshot<DrawPlayState>, seat: DrawPlaySeat): DrawPlayAction[] {
  if (!deciders(snapshot).includes(seat)) return [];
  const state = snapshot.context;
  const actions: DrawPlayAction[] = [];
  if (deckCount(state) > 0) actions.push({ type: 'draw' });
  if (state.hands[seat].length > 0) actions.push({ type: 'play' });
  return actions;
}

function view(snapshot: GameSnapshot<DrawPlayState>, viewer: Viewer<DrawPlaySeat>): DrawPlayView {
  const state = snapshot.context;
  const seats = deciders(snapshot);
  const base: DrawPlayView = {
    viewer,
    over: snapshot.status !== 'active',
    active: state.active,
    moves: state.moves,
    maxMoves: state.maxMoves,
    deckCount: deckCount(state),
    handCounts: { p1: state.hands.p1.length, p2: state.hands.p2.length },
    hand: viewer === 'spectator' ? null : state.hands[viewer],
    discard: state.discard,
    deciders: seats,
  };
  return viewer !== 'spectator' && seats.includes(viewer)
    ? { ...base, legalActions: legalActions(snapshot, viewer) }
    : base;
}

function logView(
  entry: DrawPlayLogEntry,
  viewer: Viewer<DrawPlaySeat>,
): DrawPlayVisibleLogEntry | null {
  return entry.type === 'draw' && entry.seat !== viewer
    ? { type: 'draw', seat: entry.seat }
    : entry;
}

function outcome(snapshot: GameSnapshot<DrawPlayState>): Outcome<DrawPlaySeat> | null {
  return snapshot.status === 'done' ? { winners: [], reason: 'moves_played' } : null;
}

/** A full state consistent with `view`: the unseen cards dealt at random to deck and other hand. */
function determinize(v: DrawPlayView, viewer: DrawPlaySeat, rng: Rng): GameSnapshot<DrawPlayState> {
  const seen = new Set([...(v.hand ?? []), ...v.discard]);
  const unseen = rng.shuffle(
    Array.from({ length: DECK_SIZE }, (_, card) => card).filter((card) => !seen.has(card)),
  );
  const opponent = other(viewer);
  const context: DrawPlayState = {
    rng: rng.fork(),
    deck: unseen.slice(v.handCounts[opponent]),
    deckTop: 0,
    hands: {
      [viewer]: [...(v.hand ?? [])],
      [opponent]: unseen.slice(0, v.handCounts[opponent]),
    } as Record<DrawPlaySeat, number[]>,
    discard: v.discard,
    active: v.active,
    moves: v.moves,
    maxMoves: v.maxMoves,
    log: [],
  };
  return restoreGame(drawPlay, {
    value: v.over ? 'over' : 'turn',
    context,
    status: v.over ? 'done' : 'active',
  });
}

export const drawPlay: DrawPlayModule = {
  id: 'drawplay',
  rulesVersion: 1,
  seats: () => [...DRAWPLAY_SEATS],
  machine: drawPlayMachine,
  deciders,
  legalActions,
  view,
  log: (snapshot) => snapshot.context.log,
  logView,
  outcome,
  windows: () => [],
  actionKey: (action) => action.type,
  // A draw is public as a type (the card stays hidden); a play is public.
  observedActionKey: (action) => action.type,
  determinize,
};

/**
 * The driver's policy, the same in both systems: draw while the hand has at most 2 cards, else
 * play — so after the opening draws each seat alternates draw and play.
 */
export function policyMove(handSize: number, deckCount: number): 'draw' | 'play' {
  return handSize <= 2 && deckCount > 0 ? 'draw' : 'play';
}
