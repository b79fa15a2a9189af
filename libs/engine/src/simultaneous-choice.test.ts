import { describe, expect, it } from 'vitest';
import { assign, setup } from 'xstate';
import type { GameEvent, GameInput, GameModule, GameSnapshot, Viewer } from './game-module.js';
import { applyAction, newGame, restoreGame } from './play.js';
import type { Rng } from './rng.js';
import {
  choiceDeciders,
  commitChoice,
  openChoice,
  ownCommitment,
  publicChoice,
  revealedChoices,
  varyOthersCommitments,
  type PublicChoice,
  type SimultaneousChoice,
} from './simultaneous-choice.js';
import { checkLiveness, checkNoninterference } from './testing/index.js';

/**
 * Sealed Bids, a tiny game local to this test: three seats with public coins each commit a bid
 * at once; the reveal pays the highest unique bid for a point. Three rounds.
 */
type Seat = 'a' | 'b' | 'c';
const SEATS: readonly Seat[] = ['a', 'b', 'c'];
type Action = { readonly type: 'bid'; readonly amount: number };
type LogEntry =
  | { readonly type: 'reveal'; readonly bids: ReadonlyArray<{ seat: Seat; choice: number }> }
  | {
      readonly type: 'committed';
      readonly seat: Seat;
    };
interface State {
  readonly round: number;
  readonly coins: Readonly<Record<Seat, number>>;
  readonly points: Readonly<Record<Seat, number>>;
  readonly bids: SimultaneousChoice<Seat, number>;
  readonly log: readonly LogEntry[];
}
interface View {
  readonly round: number;
  readonly coins: Readonly<Record<Seat, number>>;
  readonly points: Readonly<Record<Seat, number>>;
  readonly bids: PublicChoice<Seat, number>;
  readonly myBid: number | null;
}
const ROUNDS = 3;

function newRound(round: number, id: number): SimultaneousChoice<Seat, number> {
  return openChoice({ id, kind: 'sealed_bid', cause: { round }, participants: SEATS });
}

function resolve(state: State): State {
  if (state.bids.status !== 'revealed') return state;
  const bids = revealedChoices(state.bids);
  const counts = new Map<number, number>();
  for (const { choice } of bids) counts.set(choice, (counts.get(choice) ?? 0) + 1);
  const unique = bids.filter((b) => counts.get(b.choice) === 1 && b.choice > 0);
  const best = unique.sort((x, y) => y.choice - x.choice)[0];
  const coins = { ...state.coins };
  const points = { ...state.points };
  if (best) {
    coins[best.seat] -= best.choice;
    points[best.seat] += 1;
  }
  return {
    round: state.round + 1,
    coins,
    points,
    bids: newRound(state.round + 1, state.bids.id + 1),
    log: [...state.log, { type: 'reveal', bids }],
  };
}

/** Which way the game is built: neutral, or leaking a commitment in one specific way. */
type Variant = 'neutral' | 'committed_leave_deciders' | 'commit_logged' | 'count_in_view';

function createSealedBids(variant: Variant = 'neutral') {
  type Event = GameEvent<Seat, Action>;
  const machine = setup({
    types: { context: {} as State, events: {} as Event, input: {} as GameInput<unknown> },
    guards: { over: ({ context }) => context.round > ROUNDS },
    actions: {
      bid: assign(({ context, event }) => {
        if (event.type !== 'act') return context;
        const committed = commitChoice(context.bids, event.seat, event.action.amount);
        const log: readonly LogEntry[] =
          variant === 'commit_logged'
            ? [...context.log, { type: 'committed', seat: event.seat }]
            : context.log;
        return resolve({ ...context, bids: committed, log });
      }),
    },
  }).createMachine({
    id: 'sealed-bids',
    context: () => ({
      round: 1,
      coins: { a: 4, b: 4, c: 4 },
      points: { a: 0, b: 0, c: 0 },
      bids: newRound(1, 1),
      log: [],
    }),
    initial: 'bidding',
    states: {
      bidding: { always: { guard: 'over', target: 'over' }, on: { act: { actions: 'bid' } } },
      over: { type: 'final' },
    },
  });

  const deciders = (snapshot: GameSnapshot<State>): Seat[] => {
    if (snapshot.status !== 'active') return [];
    const all = choiceDeciders(snapshot.context.bids);
    return variant === 'committed_leave_deciders'
      ? all.filter((seat) => ownCommitment(snapshot.context.bids, seat) === null)
      : all;
  };
  const legalActions = (snapshot: GameSnapshot<State>, seat: Seat): Action[] =>
    deciders(snapshot).includes(seat)
      ? Array.from({ length: snapshot.context.coins[seat] + 1 }, (_, amount) => ({
          type: 'bid',
          amount,
        }))
      : [];
  const view = (
    snapshot: GameSnapshot<State>,
    viewer: Viewer<Seat>,
  ): View & { committedCount?: number } => {
    const { round, coins, points, bids } = snapshot.context;
    const base = {
      round,
      coins,
      points,
      bids: publicChoice(bids),
      myBid: ownCommitment(bids, viewer),
    };
    return variant === 'count_in_view'
      ? { ...base, committedCount: Object.keys(bids.commitments).length }
      : base;
  };
  const module: GameModule<Seat, State, Action, View, LogEntry, LogEntry, unknown> = {
    id: 'sealed-bids',
    rulesVersion: 1,
    seats: () => [...SEATS],
    machine,
    deciders,
    legalActions,
    view,
    log: (snapshot) => snapshot.context.log,
    logView: (entry) => entry,
    outcome: (snapshot) => {
      if (snapshot.status !== 'done') return null;
      const { points } = snapshot.context;
      const top = Math.max(...SEATS.map((s) => points[s]));
      const winners = SEATS.filter((s) => points[s] === top);
      return { winners: winners.length === 1 ? winners : [], reason: 'points' };
    },
    windows: () => [],
    actionKey: (action) => `bid:${action.amount}`,
    observedActionKey: (action, actor, observer) =>
      actor === observer ? `bid:${action.amount}` : 'bid',
    determinize: (v, viewer, rng) => {
      // Others' commitments are unknown: made up as "not committed".
      const bids = {
        ...v.bids,
        commitments: v.myBid === null ? {} : { [viewer]: v.myBid },
      } as SimultaneousChoice<Seat, number>;
      void rng;
      return restoreGame(module, {
        value: v.round > ROUNDS ? 'over' : 'bidding',
        context: { round: v.round, coins: v.coins, points: v.points, bids, log: [] },
        status: v.round > ROUNDS ? 'done' : 'active',
      });
    },
  };
  return module;
}

/** Vary everything the viewer cannot see: the other seats' commitments, made or not. */
function perturb(module: ReturnType<typeof createSealedBids>, logsCommits = false) {
  return (snapshot: GameSnapshot<State>, viewer: Viewer<Seat>, rng: Rng) => {
    const { bids, coins } = snapshot.context;
    if (bids.status !== 'collecting') return null;
    const varied = varyOthersCommitments(bids, viewer, (seat) =>
      rng.int(2) === 0 ? undefined : rng.int(coins[seat] + 1),
    );
    // Every trace of a commitment in the state is part of the hidden fact: entries recording
    // this round's commitments (only the leaking variant writes them) follow the varied record.
    const lastReveal = snapshot.context.log.map((e) => e.type).lastIndexOf('reveal');
    const log = [
      ...snapshot.context.log.slice(0, lastReveal + 1),
      ...SEATS.filter((seat) => seat in varied.commitments).map((seat) => ({
        type: 'committed' as const,
        seat,
      })),
    ];
    const context = {
      ...snapshot.context,
      bids: varied,
      log: logsCommits ? log : snapshot.context.log,
    };
    return restoreGame(module, { ...snapshot, context });
  };
}

// The viewer's own commit can be the last one missing in one world and not in the other, so the
// reveal (public by nature) may follow it in one world only: only the perturbed state is compared.
const HARNESS = { numRuns: 150, maxSteps: 12, stride: 1, followSteps: 0, seed: 7 } as const;

describe('simultaneous hidden choice', () => {
  it('reveals only when every participant is in, and lets a seat replace its choice until then', () => {
    let choice = openChoice<Seat, number>({ id: 1, kind: 'dial', cause: {}, participants: SEATS });
    choice = commitChoice(choice, 'a', 1);
    choice = commitChoice(choice, 'a', 2);
    choice = commitChoice(choice, 'c', 0);
    expect(choice.status).toBe('collecting');
    expect(choiceDeciders(choice)).toEqual(['a', 'b', 'c']);
    expect(() => revealedChoices(choice)).toThrow(/not revealed/);
    choice = commitChoice(choice, 'b', 3);
    expect(revealedChoices(choice)).toEqual([
      { seat: 'a', choice: 2 },
      { seat: 'b', choice: 3 },
      { seat: 'c', choice: 0 },
    ]);
    expect(choiceDeciders(choice)).toEqual([]);
    expect(() => commitChoice(choice, 'a', 1)).toThrow(/already revealed/);
  });

  it('shows no viewer anything about the others commitments before the reveal', () => {
    const game = createSealedBids();
    const start = newGame(game, {}, 1);
    const afterB = applyAction(game, start, 'b', { type: 'bid', amount: 3 });
    for (const viewer of ['a', 'c', 'spectator'] as const) {
      expect(JSON.stringify(game.view(afterB, viewer))).toBe(
        JSON.stringify(game.view(start, viewer)),
      );
    }
    expect(game.view(afterB, 'b').myBid).toBe(3);
    expect(game.deciders(afterB)).toEqual(['a', 'b', 'c']);
    const all = applyAction(game, applyAction(game, afterB, 'a', { type: 'bid', amount: 1 }), 'c', {
      type: 'bid',
      amount: 1,
    });
    expect(all.context.log).toEqual([
      {
        type: 'reveal',
        bids: [
          { seat: 'a', choice: 1 },
          { seat: 'b', choice: 3 },
          { seat: 'c', choice: 1 },
        ],
      },
    ]);
    expect(all.context.points.b).toBe(1);
  });

  it('passes the noninterference harness and liveness', () => {
    const game = createSealedBids();
    const report = checkNoninterference({
      module: game,
      options: {},
      perturb: perturb(game),
      ...HARNESS,
    });
    expect(report.perturbed).toBeGreaterThan(100);
    expect(
      checkLiveness({ module: game, options: {}, numRuns: 20, maxSteps: 40, seed: 7 })
        .statesChecked,
    ).toBeGreaterThan(100);
  });

  it.each([
    ['committed_leave_deciders', /deciders depends on hidden information/],
    ['commit_logged', /log depends on hidden information/],
    ['count_in_view', /view depends on hidden information/],
  ] as const)('catches a variant that leaks a commitment: %s', (variant, message) => {
    const game = createSealedBids(variant);
    expect(() =>
      checkNoninterference({
        module: game,
        options: {},
        perturb: perturb(game, variant === 'commit_logged'),
        ...HARNESS,
      }),
    ).toThrow(message);
  });
});
