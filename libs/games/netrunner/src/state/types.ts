import type { Pauses, RngState } from '@veil/engine';
import type { Decision as EngineDecision } from '@veil/engine';
import type { Task } from './tasks-types.js';
import type { LogEntry } from './log-types.js';
import type { NetrunnerAction } from '../actions/types.js';

/** The two seats. */
export type Side = 'corp' | 'runner';
/** Who looks at the game. */
export type Viewer = Side | 'spectator';
export const VIEWERS: readonly Viewer[] = ['corp', 'runner', 'spectator'];
export const SIDES: readonly Side[] = ['corp', 'runner'];

export function otherSide(side: Side): Side {
  return side === 'corp' ? 'runner' : 'corp';
}

/** `hq`, `rd`, `archives`, or `remote<N>` (N counts up from 1 and is never reused). */
export type ServerId = string;
export type CentralId = 'hq' | 'rd' | 'archives';
export const CENTRALS: readonly CentralId[] = ['hq', 'rd', 'archives'];

export function isCentral(server: ServerId): server is CentralId {
  return server === 'hq' || server === 'rd' || server === 'archives';
}

/**
 * Where a card is. Every zone array in `Game` and this field are changed together by
 * `moveCard` (zones.ts) only, so they never disagree.
 */
export type Location =
  | { readonly zone: 'hq' | 'rd' | 'archives' }
  | { readonly zone: 'grip' | 'stack' | 'heap' | 'rig' }
  | { readonly zone: 'ice' | 'root'; readonly server: ServerId }
  | { readonly zone: 'scored'; readonly side: Side }
  | { readonly zone: 'play' | 'removed' | 'identity' };

export type ZoneName = Location['zone'];

/** Counters a card can host. Missing means 0. */
export type CounterKind = 'advancement' | 'agenda' | 'virus' | 'credit' | 'power';
export type Counters = Partial<Record<CounterKind, number>>;

/**
 * One physical card. `uid` is internal and never leaves the node (views show handles); it is a
 * small integer string so the `cards` record copies fast. Nested objects (`counters`, `used`,
 * `handles`) are replaced, never changed in place, so a draft copies a card shallowly.
 */
export interface CardState {
  readonly uid: string;
  code: string;
  readonly side: Side;
  loc: Location;
  /** Corp installed card rezzed (active). */
  rezzed: boolean;
  /** For Archives: faceup. Runner cards are always faceup when installed. */
  faceUp: boolean;
  counters: Readonly<Counters>;
  /** The card this one is hosted on (Botulus, Tranquilizer on a piece of ice). */
  host: string | null;
  /** The turn number it was installed on, `null` when not installed. */
  installedTurn: number | null;
  /** The turn on which it cannot be scored (Sericulture Expansion, Seamless Launch rules text). */
  noScoreTurn: number | null;
  /** Once-per-turn ability uses: ability id → turn number of the last use. */
  used: Readonly<Record<string, number>>;
  /**
   * The card's opaque handle for each viewer (see handles.ts), packed in one string: 8
   * characters per viewer, in `VIEWERS` order. One flat string instead of a record of three
   * takes a third of the memory, and a live room holds one per card.
   */
  handles: string;
  /** Viewers allowed to look at it where it lies right now (searching R&D or the stack). */
  peek: readonly Viewer[];
}

export interface Server {
  readonly id: ServerId;
  /** Ice protecting the server, innermost first: `ice[ice.length - 1]` is the outermost. */
  ice: string[];
  /** Cards in the root: upgrades of a central, or the agenda/asset/upgrades of a remote. */
  root: string[];
}

export interface CorpState {
  identity: string;
  credits: number;
  clicks: number;
  hq: string[];
  /** Index 0 is the top card. */
  rd: string[];
  archives: string[];
  scored: string[];
  badPublicity: number;
}

export interface RunnerState {
  identity: string;
  credits: number;
  clicks: number;
  tags: number;
  coreDamage: number;
  grip: string[];
  /** Index 0 is the top card. */
  stack: string[];
  heap: string[];
  /** Installed programs, hardware and resources, in install order. */
  rig: string[];
  scored: string[];
}

/** Facts about the current and previous turns that card text looks back on. */
export interface TurnMemory {
  /** Servers the Runner ran this turn (announced attacked servers, in order). */
  runsOn: ServerId[];
  successfulRunsOn: ServerId[];
  /** Printed agenda points of agendas the Corp scored this turn (Neurospike). */
  scoredPoints: number[];
  /** Whether the Runner made a successful run during their last turn (Public Trail). */
  runnerSucceededLastTurn: boolean;
  /** Abilities that fire only the first time each turn: key → true. */
  firsts: Record<string, boolean>;
  /** Luminal Transubstantiation: the Corp cannot score for the rest of the turn. */
  corpCannotScore: boolean;
  /** Programs installed this turn (DZMZ Optimizer). */
  programsInstalled: number;
}

export type RunStep =
  | 'initiation'
  | 'approach-ice'
  | 'encounter'
  | 'movement'
  | 'approach-server'
  | 'success'
  | 'breach'
  | 'ends';

export interface Encounter {
  readonly ice: string;
  /** Per subroutine index: broken this encounter. */
  broken: boolean[];
  /** Next subroutine index to consider when resolving. */
  next: number;
  /** Strength added to ice for this encounter (Leech: negative). */
  iceStrength: number;
  /** Breaker uid → strength added until the end of the encounter. */
  pumps: Record<string, number>;
}

/** What the breach of the attacked server still has to do. */
export interface Breach {
  readonly server: ServerId;
  /** How many cards from HQ or R&D may still be accessed. */
  pileLeft: number;
  /** Root (and, for Archives, pile) cards not yet accessed. */
  pending: string[];
  /** Cards already accessed in this breach. */
  seen: string[];
  /** The card being accessed now, if any. */
  current: { uid: string; from: ZoneName } | null;
  /** Times a card was accessed (Zahya). */
  accessed: number;
}

export interface Run {
  readonly id: number;
  server: ServerId;
  /** The server announced at initiation. */
  readonly announced: ServerId;
  /**
   * Where the run is, recorded by the chart as it enters each of its run states (machine.ts
   * `enterRunStep`, its only writer). Null from the announcement until the chart begins the run.
   */
  step: RunStep | null;
  /** Index into `servers[server].ice` of the runner's position, null when none. */
  position: number | null;
  /** The ice at the Runner's position left it (trashed): nothing there to pass. */
  vacated: boolean;
  encounter: Encounter | null;
  breach: Breach | null;
  /** Set by "end the run" or jacking out; the run moves to its end phase once settled. */
  ending: boolean;
  jackedOut: boolean;
  successful: boolean;
  /** Reached the success phase (not unsuccessful even if not declared successful). */
  reachedSuccess: boolean;
  stole: boolean;
  /** The card (event or ability source) that made this run, if any. */
  source: string | null;
  /** Lingering effects of this run. */
  mods: RunMods;
  /** Tasks of the effect that started the run, resumed when the run is complete. */
  after: Task[];
}

export interface RunMods {
  /** Tread Lightly: each piece of ice costs this much more to rez. */
  iceRezIncrease: number;
  /** Additional cards to access from the attacked server when breaching (Jailbreak, Conduit). */
  extraAccess: number;
  /** Jailbreak: draw this many cards when the run becomes successful. */
  drawOnSuccess: number;
  /** Credits hosted on the run source (Overclock) usable during this run. */
  hostedCredits: number;
  /** Red Team: take 3 credits from this card if successful. */
  redTeam: string | null;
  /** Conduit: access X more from R&D, X read at breach time from this card. */
  conduit: string | null;
  /** Ansel 1.0: the Runner cannot steal or trash Corp cards for the rest of the run. */
  noStealOrTrash: boolean;
  /** Mayfly uids whose break ability was used: trashed when the run ends. */
  trashAtEnd: string[];
  /** AMAZE Amusements persistence: uids whose ability stays active this run. */
  persistent: string[];
}

/** The `kind` of every continuation record on the decision stack. */
export type DecisionKind =
  | 'mulligan'
  | 'discard'
  | 'install-trash'
  | 'jack-out'
  | 'breach-next'
  | 'access'
  | 'memory'
  | 'order'
  | 'card';

/** A pending decision: whose, what kind, and the typed data that says what resumes. */
export type NetrunnerDecision =
  | (EngineDecision<Side> & { readonly kind: 'mulligan' })
  | (EngineDecision<Side> & { readonly kind: 'discard' })
  | (EngineDecision<Side> & {
      readonly kind: 'install-trash';
      readonly card: string;
      readonly server: ServerId;
      readonly ice: boolean;
      readonly free: boolean;
      readonly at: number | null;
    })
  | (EngineDecision<Side> & { readonly kind: 'jack-out' })
  | (EngineDecision<Side> & { readonly kind: 'breach-next' })
  | (EngineDecision<Side> & { readonly kind: 'access'; readonly card: string })
  | (EngineDecision<Side> & { readonly kind: 'memory' })
  /** Which of its pending conditional abilities (of any event) resolves next (CR 9.2). */
  | (EngineDecision<Side> & { readonly kind: 'order'; readonly batch: number })
  | (EngineDecision<Side> & {
      readonly kind: 'card';
      /** The card whose behaviour owns the decision, and the named choice in it. */
      readonly code: string;
      readonly choice: string;
      readonly source: string | null;
      readonly data: Json;
    });

export type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

export interface Outcome {
  readonly winner: Side | null;
  readonly reason: string;
}

/** A deck as a list: identity code and card counts. */
export interface DeckList {
  readonly identity: string;
  readonly cards: readonly { readonly code: string; readonly count: number }[];
}

export interface Game {
  readonly rulesVersion: number;
  /** The decks each side brought: open decklists, shown in every view (docs/games/netrunner.md). */
  decks: { readonly corp: DeckList; readonly runner: DeckList };
  /** 7 normally; a room may play to fewer (the beginner tutorial game plays to 6). */
  readonly agendaPointsToWin: number;
  /** Game randomness: shuffles, random access and damage. Secret. */
  rng: RngState;
  /** A separate stream only for opaque handles, so views never expose game randomness. */
  handleRng: RngState;
  /** Turn number: 1 is the Corp's first turn, 2 the Runner's first, and so on. */
  turn: number;
  active: Side;
  cards: Record<string, CardState>;
  nextUid: number;
  corp: CorpState;
  runner: RunnerState;
  servers: Record<ServerId, Server>;
  /** Centrals then remotes in creation order. */
  serverOrder: ServerId[];
  nextRemote: number;
  /** Operations and events while they resolve (a run event stays until its run is complete). */
  playArea: string[];
  /** Removed from the game. */
  removed: string[];
  run: Run | null;
  nextRunId: number;
  mulligansDone: Side[];
  pauses: Pauses<Side, NetrunnerDecision>;
  tasks: Task[];
  /** Counter of events fired (trigger batches). */
  nextBatch: number;
  memory: TurnMemory;
  log: LogEntry[];
  outcome: Outcome | null;
  /**
   * The action the active player chose as its pass in its action window, carried out once the
   * other seat passes too, dropped if that seat uses a paid ability instead (rules/windows.ts).
   * Private to the active player: no view, log line or observed key shows it.
   */
  held: HeldAction | null;
}

/** A click action waiting for the other seat's pass (see `Game.held`). */
export interface HeldAction {
  readonly seat: Side;
  readonly action: NetrunnerAction;
}
