import type { AnyStateMachine, StateValue } from 'xstate';
import type { ReactionWindow } from './reaction-window.js';
import type { Rng } from './rng.js';
import type { SharedValues } from './shared-values.js';

/** Who looks at a game: a seat, or the public (spectators, and the public half of replays). */
export type Viewer<Seat extends string> = Seat | 'spectator';

/**
 * The part of an XState machine snapshot the rules read. A live actor's snapshot and one
 * restored from JSON (`restoreGame`) both satisfy it; rules never depend on anything else.
 */
export interface GameSnapshot<State> {
  readonly value: StateValue;
  readonly context: State;
  readonly status: 'active' | 'done' | 'error' | 'stopped';
}

/** A snapshot in the JSON form that is stored and sent between nodes (never to clients). */
export interface PersistedGame<State> {
  readonly value: StateValue;
  readonly context: State;
  readonly status: 'active' | 'done' | 'error' | 'stopped';
}

export interface Outcome<Seat extends string> {
  /** Who won: one seat, several that win together (allies), or none (a draw). */
  readonly winners: readonly Seat[];
  /** A short public reason, e.g. `agenda_points`, `flatline`. */
  readonly reason: string;
}

/** What the machine is created with (`input` of the XState machine). */
export interface GameInput<Options> {
  readonly options: Options;
  readonly seed: number | string;
}

/** The events a game machine receives: a seat's action, or a seat's standing-policy change. */
export type GameEvent<Seat extends string, Action> =
  | { readonly type: 'act'; readonly seat: Seat; readonly action: Action }
  | {
      readonly type: 'policy';
      readonly seat: Seat;
      readonly kind: string;
      readonly policy: 'auto-pass' | 'stop' | null;
    };

/**
 * The game-module contract (docs/architecture.md, "The engine"). A game is a pure, deterministic module: the same code
 * runs authoritative in the game node, in simulation in AI workers, and in tests. No I/O, no
 * clock, no `Math.random` inside rules; the PRNG state lives in `State`.
 */
export interface GameModule<
  Seat extends string,
  State,
  Action,
  View,
  LogEntry,
  VisibleLogEntry,
  Options = unknown,
> {
  readonly id: string;
  /**
   * The version new rooms are stored with; bumped whenever a stored log would replay
   * differently (docs/architecture.md, "Rules versions"). Each version's recorded log
   * (`libs/games/<id>/rules-logs/`) pins it.
   */
  readonly rulesVersion: number;
  /**
   * Older versions these rules still play exactly as they were played — their states carry
   * their version and the rules branch on it (so must `determinize`'s samples, from a view
   * that shows it) — so their rooms load and go on. A room of any other version is retired:
   * refused `rules_retired`, never replayed differently.
   */
  readonly olderRulesVersions?: readonly number[];
  seats(options: Options): Seat[];
  /**
   * The turn phases and every pause as a statechart; context = State; input = GameInput;
   * events = GameEvent. Guards decide legality; `assign` actions call plain rule functions.
   */
  readonly machine: AnyStateMachine;
  /** Who the game waits on now, from the top of the decision stack, then windows, then phase. */
  deciders(snapshot: GameSnapshot<State>): Seat[];
  /** `[]` for a seat that is not a decider. */
  legalActions(snapshot: GameSnapshot<State>, seat: Seat): Action[];
  /**
   * Optional: what `applyAction` checks an action against instead of the whole legal list —
   * the legal actions whose `type` is `type`, in `legalActions` order. A module that can list
   * those without listing the others makes every applied action cheaper.
   */
  legalActionsOfType?(snapshot: GameSnapshot<State>, seat: Seat, type: string): Action[];
  /** The only thing that leaves the node for a viewer. */
  view(snapshot: GameSnapshot<State>, viewer: Viewer<Seat>): View;
  /** The full (unredacted) log kept in the state; only `logView` of it ever leaves the node. */
  log(snapshot: GameSnapshot<State>): readonly LogEntry[];
  /** Per-viewer log redaction; `null` when the viewer learns nothing from the entry. */
  logView(entry: LogEntry, viewer: Viewer<Seat>): VisibleLogEntry | null;
  outcome(snapshot: GameSnapshot<State>): Outcome<Seat> | null;
  /** The public turn number (1-based), for statistics such as self-play's average length. */
  turnNumber?(snapshot: GameSnapshot<State>): number;
  /** The reaction windows in the state, for the harness' window-shape comparison. */
  windows(snapshot: GameSnapshot<State>): readonly ReactionWindow<Seat>[];
  /** The actor's own search-tree key for its action. */
  actionKey(action: Action, actor: Seat): string;
  /**
   * What `observer` learns of `actor`'s action; must match the log redaction (docs/architecture.md, "The parts").
   * `before`, the state the action is taken in, tells a game whose observer learns the action
   * only later (Netrunner's held action, seen as a pass until the other seat passes too).
   */
  observedActionKey(
    action: Action,
    actor: Seat,
    observer: Seat,
    before?: GameSnapshot<State>,
  ): string;
  /** A full state consistent with `view` for `viewer` (AI sampling). */
  determinize(
    view: View,
    viewer: Seat,
    rng: Rng,
    options?: DeterminizeOptions,
  ): GameSnapshot<State>;
  /**
   * Optional (AI): the seats in play in the game `view` shows, for a bot that has only the view
   * (a game whose seats depend on its room options must supply it; without it the search takes
   * `seats({})`).
   */
  seatsInView?(view: View): Seat[];
  /**
   * Optional (AI): how good the state is for each seat, in [0, 1] (1 = surely wins). Search
   * scores the playouts it cuts short with it; without it they score 1/N per seat.
   */
  evaluate?(snapshot: GameSnapshot<State>): Readonly<Record<Seat, number>>;
  /**
   * Optional (AI): a cheap playout move for `seat`, one of `legal` (its legal actions here),
   * drawn with `rng`. Without it playouts move uniformly at random.
   */
  rolloutAction?(
    snapshot: GameSnapshot<State>,
    seat: Seat,
    legal: readonly Action[],
    rng: Rng,
  ): Action;
  /**
   * Optional (AI): the actions a bot weighs, for a game whose legal lists can be too long to
   * try each one (Dune's shipments: hundreds). A non-empty subset of `legal` (`seat`'s legal
   * actions somewhere), bounded, in legal order, computed from its arguments alone — it is
   * handed no state or view, so it cannot peek, and the same list always gives the same
   * subset. `greedy` and the search choose among these; `random` and playouts draw from all.
   */
  candidateActions?(legal: readonly Action[], seat: Seat): Action[];
  /**
   * Optional: the same state (equal as JSON) taking less memory, for a state just parsed from
   * storage — a live room holds one. Parsed JSON repeats every string and record; a module
   * whose rules never change certain records in place can share equal copies of them,
   * through the pool the caller passes (see `restoreGame`).
   */
  compact?(state: State, shared: SharedValues): State;
}

/** How a determinization samples (AI). */
export interface DeterminizeOptions {
  /**
   * Also resample the viewer's own hidden cards (its hand, its facedown installs) as another
   * seat would see them, so a search can play opponents that do not know them.
   */
  readonly resampleOwn?: boolean;
}

/** A module with its type parameters erased, for code that handles any game. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type AnyGameModule = GameModule<string, any, any, any, any, any, any>;

export type SeatOf<M> = M extends GameModule<infer S, any, any, any, any, any, any> ? S : never; // eslint-disable-line @typescript-eslint/no-explicit-any
export type StateOf<M> = M extends GameModule<any, infer S, any, any, any, any, any> ? S : never; // eslint-disable-line @typescript-eslint/no-explicit-any
export type ActionOf<M> = M extends GameModule<any, any, infer A, any, any, any, any> ? A : never; // eslint-disable-line @typescript-eslint/no-explicit-any
export type ViewOf<M> = M extends GameModule<any, any, any, infer V, any, any, any> ? V : never; // eslint-disable-line @typescript-eslint/no-explicit-any
export type OptionsOf<M> = M extends GameModule<any, any, any, any, any, any, infer O> ? O : never; // eslint-disable-line @typescript-eslint/no-explicit-any
