import type { Decision, Pauses, RngState, SimultaneousChoice } from '@veil/engine';
import type { FactionId } from '../data/types.js';
import type { TreacheryCardId } from '../data/treachery.js';
import type { TerritoryId } from '../data/map.js';
import type { DiscardBatch, DiscardContinuation } from './discards.js';
import type { TruthQuestion } from './actions.js';

export type Faction = FactionId;
export type Viewer = Faction | 'spectator';

/** Room options; every UNSURE rule choice is listed in docs/games/dune.md. */
export interface DuneOptions {
  /** Factions in play, in player-circle order (2–6). Default: all six. */
  readonly factions?: readonly Faction[];
  /** Game length in turns (default 10). */
  readonly turns?: number;
  /** Spice collection reaches forces in the blow area's sector only, or anywhere in its territory. */
  readonly spiceCollection?: 'same_sector' | 'territory';
  /** Strongholds an unallied player needs in a 2-player game (3 by the basic rule). */
  readonly twoPlayerStrongholds?: 3 | 4;
  /** Whether the Bene Gesserit always receive charity (advanced-rule reading) or only at 0–1 spice. */
  readonly bgCharity?: 'basic' | 'always';
  /** End-of-game "most strongholds" tie: the first in storm order wins, or nobody. */
  readonly mostStrongholdsTie?: 'storm_order' | 'nobody';
  /** Whether the BG prediction also fires on the end-of-game default win. */
  readonly predictionOnDefault?: boolean;
  /** UNSURE 7: the Harkonnen may redraw their four traitors once if two or more are their own. */
  readonly harkonnenMulligan?: boolean;
  /** Semuta Drug (CHOAM & Richese) in the Treachery deck: the fresh-discard boundary (rules/semuta.ts). */
  readonly semutaDrug?: boolean;
  /** A Semuta holder whose hand is at its limit: takes then discards the Semuta, or is barred. */
  readonly semutaFullHand?: SemutaFullHand;
}

/** The hand-limit guard for Semuta Drug (docs/games/dune.md, "Semuta Drug"). */
export type SemutaFullHand = 'take_then_discard' | 'barred';

export interface ResolvedOptions {
  readonly factions: readonly Faction[];
  readonly turns: number;
  readonly spiceCollection: 'same_sector' | 'territory';
  readonly twoPlayerStrongholds: 3 | 4;
  readonly bgCharity: 'basic' | 'always';
  readonly mostStrongholdsTie: 'storm_order' | 'nobody';
  readonly predictionOnDefault: boolean;
  readonly harkonnenMulligan: boolean;
  /** Present only in a room with Semuta Drug (so a room without it resolves as before). */
  readonly semutaDrug?: true;
  readonly semutaFullHand?: SemutaFullHand;
}

/** A Treachery card in a hand: its kind and an opaque handle drawn afresh whenever it moves. */
export interface HandCard {
  readonly card: TreacheryCardId;
  readonly handle: string;
  /** Other seats that know this card's face (the Atreides saw it at auction). */
  readonly seenBy: readonly Faction[];
}

export type LeaderStatus = 'available' | 'tanks';

export interface PlayerState {
  readonly spice: number;
  /** Bribes received this turn, in front of the shield (public) until the Mentat Pause. */
  readonly bribes: number;
  /**
   * Spice set out (public, in front of the shield) for the ally's Treachery cards and shipments:
   * the ally pays what its own spice does not cover from it. What is left goes back behind the
   * shield at the Mentat Pause.
   */
  readonly support: number;
  readonly reserves: number;
  /** Forces in the Tleilaxu Tanks. */
  readonly tanks: number;
  readonly hand: readonly HandCard[];
  /** Leader ids of the traitor cards kept (private). */
  readonly traitors: readonly string[];
  /** Dealt but not kept (private). */
  readonly rejectedTraitors: readonly string[];
  readonly leaders: Readonly<Record<string, LeaderStatus>>;
  /** Every leader death, in order (a leader dying twice is here twice): the revival cycle rule. */
  readonly leadersDied: readonly string[];
  /** Leaders used in a battle this phase, by territory. */
  readonly leadersUsed: Readonly<Record<string, TerritoryId>>;
}

/** Spice card: a territory card or a Shai-Hulud. */
export type SpiceCard = TerritoryId | 'shai_hulud';

/** Forces per faction in one area. */
export type AreaForces = Readonly<Partial<Record<Faction, number>>>;

export interface BattlePlan {
  /** A leader id, `cheap_hero` (with its card handle in `hero`), or null (no leader available). */
  readonly leader: string | null;
  readonly hero: string | null;
  readonly dial: number;
  readonly weapon: string | null;
  readonly defense: string | null;
}

/** A plan as revealed: handles resolved to card ids. */
export interface RevealedPlan {
  readonly leader: string | null;
  readonly dial: number;
  readonly weapon: TreacheryCardId | null;
  readonly defense: TreacheryCardId | null;
  readonly hero: boolean;
}

export interface Battle {
  readonly territory: TerritoryId;
  /** The front fought over: the territory's areas on the combatants' side of the storm. */
  readonly areas: readonly string[];
  readonly aggressor: Faction;
  readonly defender: Faction;
  /** Voice: a public command from the BG to the opponent of the BG. */
  readonly voice: {
    readonly target: Faction;
    readonly play: boolean;
    readonly kind: VoiceKind;
  } | null;
  /** Prescience: the element the Atreides asked for and the opponent's public answer. */
  readonly prescience: {
    readonly target: Faction;
    readonly element: 'leader' | 'weapon' | 'defense' | 'dial';
    readonly answer: string | number | null | undefined;
  } | null;
  readonly plans: Readonly<Partial<Record<Faction, RevealedPlan>>> | null;
  /** The revealed plans as committed (card handles), for the cleanup; never in a view. */
  readonly played: Readonly<Partial<Record<Faction, BattlePlan>>> | null;
  readonly stage:
    'voice' | 'prescience' | 'answer' | 'plans' | 'traitors' | 'winner_cards' | 'done';
  readonly winner: Faction | null;
}

export type VoiceKind =
  | 'weapon_projectile'
  | 'weapon_poison'
  | 'defense_projectile'
  | 'defense_poison'
  | 'worthless'
  | 'cheap_hero';

export interface Auction {
  /** Cards dealt for this Bidding phase, not yet auctioned (hidden; the first is up). */
  readonly cards: readonly TreacheryCardId[];
  readonly cardNumber: number;
  readonly totalCards: number;
  readonly opener: Faction;
  readonly bidder: Faction;
  readonly highBid: number;
  readonly highBidder: Faction | null;
  /** Seats that passed on this card since the last bid. */
  readonly passed: readonly Faction[];
  /** The Atreides' look at this card: asked about (a Karama window), seen, prevented; null without them. */
  readonly peek: 'asking' | 'seen' | 'prevented' | null;
}

/** The open simultaneous choice, tagged by what it decides. */
export type DuneChoice =
  | { readonly kind: 'setup'; readonly choice: SimultaneousChoice<Faction, SetupCommitment> }
  | { readonly kind: 'storm_dial'; readonly choice: SimultaneousChoice<Faction, number> }
  | { readonly kind: 'battle_plan'; readonly choice: SimultaneousChoice<Faction, BattlePlan> }
  | { readonly kind: 'traitor_call'; readonly choice: SimultaneousChoice<Faction, boolean> };

export interface SetupCommitment {
  readonly traitor: string;
  /** The BG's only. */
  readonly prediction: { readonly faction: Faction; readonly turn: number } | null;
}

/** Decisions on the engine's decision stack; each is a continuation record. */
export type DuneDecision =
  | (Decision<Faction> & { readonly kind: 'fremen_split' })
  | (Decision<Faction> & { readonly kind: 'alliance_offer'; readonly from: Faction })
  | (Decision<Faction> & { readonly kind: 'spiritual_advisor'; readonly shipper: Faction })
  | (Decision<Faction> & { readonly kind: 'keep_cards'; readonly territory: TerritoryId })
  | (Decision<Faction> & { readonly kind: 'worm_ride'; readonly territory: TerritoryId })
  | (Decision<Faction> & { readonly kind: 'emperor_revival'; readonly ally: Faction })
  /** The Fremen decide whether a worm spares their ally's forces (after their own immunity). */
  | (Decision<Faction> & {
      readonly kind: 'ally_worm_protection';
      readonly territory: TerritoryId;
      readonly fremenImmune: boolean;
    })
  /** The Fremen decide whether the ally's revival (as it asked) uses their free number, 3. */
  | (Decision<Faction> & {
      readonly kind: 'ally_free_revival';
      readonly ally: Faction;
      readonly forces: number;
      readonly leader: string | null;
      readonly cost: number;
    })
  | (Decision<Faction> & { readonly kind: 'harkonnen_mulligan' })
  /** A Semuta claimant picks one of several candidates of the batch `event` (rules/semuta.ts). */
  | (Decision<Faction> & { readonly kind: 'semuta_select'; readonly event: number });

/** Who acts next in a phase where seats act one by one in storm order. */
export interface TurnCursor {
  readonly order: readonly Faction[];
  readonly index: number;
  /** Shipment & Movement: whether the current seat has shipped (then moves). */
  readonly shipped: boolean;
  /**
   * Powers a Karama stopped (or their owner declined to use) this seat's turn
   * (rules/karama-powers.ts); it acts again without them.
   */
  readonly barred?: readonly string[];
}

export interface DuneState {
  readonly options: ResolvedOptions;
  readonly turn: number;
  readonly storm: number;
  readonly stormOrder: readonly Faction[];
  /** Who holds the battle wheels for the next storm dial. */
  readonly dialers: readonly Faction[];
  /** The shuffle stream (decks, traitors). Never leaves the server. */
  readonly rng: RngState;
  /** An independent stream for card handles, so handles tell nothing about shuffles. */
  readonly handleRng: RngState;
  readonly players: Readonly<Record<Faction, PlayerState>>;
  readonly forces: Readonly<Record<string, AreaForces>>;
  readonly spice: Readonly<Record<string, number>>;
  readonly treacheryDeck: readonly TreacheryCardId[];
  readonly treacheryDiscard: readonly TreacheryCardId[];
  readonly spiceDeck: readonly SpiceCard[];
  readonly spiceDiscard: readonly SpiceCard[];
  /** Traitor cards not dealt (hidden). */
  readonly traitorDeck: readonly string[];
  readonly alliances: ReadonlyArray<readonly [Faction, Faction]>;
  /** Who has changed alliance in this Nexus (one change each). */
  readonly nexusActed: readonly Faction[];
  readonly prediction: { readonly faction: Faction; readonly turn: number } | null;
  readonly choice: DuneChoice | null;
  readonly cursor: TurnCursor | null;
  readonly auction: Auction | null;
  readonly battle: Battle | null;
  /** Whether a Shai-Hulud appeared in this Spice Blow (a Nexus follows). */
  readonly nexus: boolean;
  /** Territories a Shai-Hulud devoured in this Spice Blow (the Fremen may ride from them). */
  readonly wormTerritories: readonly TerritoryId[];
  /** Family Atomics destroyed the Shield Wall: Imperial Basin, Arrakeen and Carthag lose shelter. */
  readonly atomics: boolean;
  /** Seats that gave a bribe in the current phase (one bribe per seat per phase). */
  readonly bribed: readonly Faction[];
  readonly discardBatches: readonly DiscardBatch[];
  /** A discard boundary the producer paused on; resumed exactly once. */
  readonly pendingDiscard: DiscardContinuation | null;
  /** A committed Semuta's inspection (rules/semuta.ts); absent in rooms that never had one. */
  readonly semuta?: SemutaInspection | null;
  readonly phaseDone: boolean;
  readonly pauses: Pauses<Faction, DuneDecision>;
  readonly log: readonly LogEntry[];
  readonly result: { readonly winners: readonly Faction[]; readonly reason: string } | null;
  /** This Shipment and Movement's wormsign: asked about (a Karama window), seen, or prevented. */
  readonly wormsign: 'waiting' | 'seen' | 'prevented';
  /** Public Truthtrance answers that still hold (rules/truth-answers.ts): the determinizer keeps to them. */
  readonly truthAnswers: readonly TruthAnswer[];
}

/**
 * A Semuta play after its commitment: the claimant, the batch and the eligible other-owner
 * cards of that batch under handles drawn for this inspection — private to the claimant.
 */
export interface SemutaInspection {
  readonly event: number;
  readonly claimant: Faction;
  readonly candidates: ReadonlyArray<{
    readonly handle: string;
    readonly card: TreacheryCardId;
    readonly discardedBy: Faction;
  }>;
}

/** A public Truthtrance answer about a hand or a traitor, kept while it is still true. */
export interface TruthAnswer {
  readonly to: Faction;
  readonly question: Exclude<TruthQuestion, { kind: 'spice_at_least' }>;
  readonly answer: boolean;
}

/**
 * A log entry: public fields, plus an optional secret part shown only to the seats in `to`.
 */
export interface LogEntry {
  readonly type: string;
  readonly turn: number;
  readonly data: Readonly<Record<string, unknown>>;
  readonly secret?: {
    readonly to: readonly Faction[];
    readonly data: Readonly<Record<string, unknown>>;
  };
}

export type VisibleLogEntry = Omit<LogEntry, 'secret'> & {
  readonly secret?: Readonly<Record<string, unknown>>;
};
