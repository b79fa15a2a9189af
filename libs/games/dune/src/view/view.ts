import {
  ownCommitment,
  ownPolicies,
  topDecision,
  windowShape,
  type GameSnapshot,
  type ReactionWindow,
  type WindowPolicy,
} from '@veil/engine';
import type { TreacheryCardId } from '../data/treachery.js';
import { duneDeciders, duneLegalActions } from '../rules/legal.js';
import { phaseOf, type Phase } from '../rules/phase.js';
import type { DuneAction } from '../state/actions.js';
import type {
  AreaForces,
  Battle,
  DuneDecision,
  DuneState,
  Faction,
  LeaderStatus,
  LogEntry,
  ResolvedOptions,
  SpiceCard,
  Viewer,
  VisibleLogEntry,
} from '../state/types.js';

/** What one seat (or a spectator) sees of a Dune game; the only game data that leaves the node. */
export interface DuneView {
  readonly viewer: Viewer;
  readonly phase: Phase;
  readonly turn: number;
  readonly turns: number;
  readonly storm: number;
  readonly stormOrder: readonly Faction[];
  readonly dialers: readonly Faction[];
  readonly players: Readonly<Record<string, PlayerView>>;
  readonly forces: Readonly<Record<string, AreaForces>>;
  readonly spice: Readonly<Record<string, number>>;
  readonly treacheryDeckCount: number;
  readonly treacheryDiscard: readonly TreacheryCardId[];
  readonly spiceDeckCount: number;
  readonly spiceDiscard: readonly SpiceCard[];
  readonly alliances: ReadonlyArray<readonly [Faction, Faction]>;
  /** The open simultaneous choice: its public part, and the viewer's own commitment. */
  readonly choice: {
    readonly kind: string;
    readonly id: number;
    readonly participants: readonly Faction[];
    readonly mine: unknown;
  } | null;
  readonly auction: {
    readonly cardNumber: number;
    readonly totalCards: number;
    readonly bidder: Faction;
    readonly highBid: number;
    readonly highBidder: Faction | null;
    readonly passed: readonly Faction[];
    /** Public: whether the Atreides' look at this card is asked about, done, or prevented. */
    readonly peek: 'asking' | 'seen' | 'prevented' | null;
    /** The card up for auction: the Atreides only, once they have seen it. */
    readonly card: TreacheryCardId | null;
  } | null;
  readonly battle: Omit<Battle, 'played'> | null;
  /** The pending decision (all its fields are public: who decides what). */
  readonly decision: DuneDecision | null;
  /** Public bookkeeping of where the phase stands. */
  readonly flow: {
    readonly options: ResolvedOptions;
    readonly cursor: DuneState['cursor'];
    readonly nexus: boolean;
    readonly wormTerritories: DuneState['wormTerritories'];
    readonly atomics: boolean;
    readonly nexusActed: readonly Faction[];
    readonly bribed: readonly Faction[];
    readonly phaseDone: boolean;
    readonly nextPauseId: number;
    readonly discardBatches: DuneState['discardBatches'];
    /** Public: whether the wormsign window is open, or the Atreides saw or were prevented. */
    readonly wormsign: DuneState['wormsign'];
    /** Public: the Truthtrance answers about hands and traitors that still hold. */
    readonly truthAnswers: DuneState['truthAnswers'];
    /**
     * Public: the producer waiting on an open Semuta boundary (built from public facts only);
     * absent when none waits, as in every room without Semuta.
     */
    readonly pendingDiscard?: NonNullable<DuneState['pendingDiscard']>;
  };
  /** A committed Semuta's candidates, for the claimant only (rules/semuta.ts). */
  readonly semuta?: NonNullable<DuneState['semuta']>;
  readonly windows: readonly ReactionWindow<Faction>[];
  readonly prediction: DuneState['prediction'];
  /** Wormsign: the top Spice card during Shipment and Movement, for the Atreides only. */
  readonly topSpiceCard: SpiceCard | null;
  readonly result: DuneState['result'];
  readonly policies: Readonly<Record<string, WindowPolicy>>;
  /** Who the game waits on (public: a simultaneous choice waits on all until all are in). */
  readonly deciders: readonly Faction[];
  /** The viewer's legal actions, only when the game waits on the viewer (for the web board). */
  readonly legalActions?: readonly DuneAction[];
}

export interface PlayerView {
  /** `null` for another seat's spice (behind the shield). */
  readonly spice: number | null;
  readonly bribes: number;
  /** Spice set out for the ally's cards and shipments (public, in front of the shield). */
  readonly support: number;
  readonly reserves: number;
  readonly tanks: number;
  readonly handCount: number;
  readonly leaders: Readonly<Record<string, LeaderStatus>>;
  readonly leadersDied: readonly string[];
  /** Leaders used in a battle this phase, and where (public since the plans were revealed). */
  readonly leadersUsed: Readonly<Record<string, string>>;
  /** The viewer's own hand (with handles); for others, the faces the viewer knows, without handles. */
  readonly hand: ReadonlyArray<{ readonly card: TreacheryCardId; readonly handle?: string }>;
  readonly traitors: readonly string[] | null;
  readonly rejectedTraitors: readonly string[] | null;
}

function playerView(state: DuneState, f: Faction, viewer: Viewer): PlayerView {
  const p = state.players[f];
  const own = viewer === f;
  return {
    spice: own ? p.spice : null,
    bribes: p.bribes,
    support: p.support,
    reserves: p.reserves,
    tanks: p.tanks,
    handCount: p.hand.length,
    leaders: p.leaders,
    leadersDied: p.leadersDied,
    leadersUsed: p.leadersUsed,
    hand: own
      ? p.hand.map((c) => ({ card: c.card, handle: c.handle }))
      : viewer === 'spectator'
        ? p.hand
            .filter((c) => c.seenBy.length === state.options.factions.length - 1)
            .map((c) => ({ card: c.card }))
        : p.hand.filter((c) => c.seenBy.includes(viewer)).map((c) => ({ card: c.card })),
    traitors: own ? p.traitors : null,
    rejectedTraitors: own ? p.rejectedTraitors : null,
  };
}

export function duneView(snapshot: GameSnapshot<DuneState>, viewer: Viewer): DuneView {
  const s = snapshot.context;
  const phase = phaseOf(snapshot.value);
  const a = s.auction;
  const decision = topDecision(s.pauses.decisions);
  const { played: _played, ...battle } = s.battle ?? { played: null };
  void _played;
  const deciders = snapshot.status === 'active' ? duneDeciders(s, phase) : [];
  const view: DuneView = {
    viewer,
    phase,
    turn: s.turn,
    turns: s.options.turns,
    storm: s.storm,
    stormOrder: s.stormOrder,
    dialers: s.dialers,
    players: Object.fromEntries(s.options.factions.map((f) => [f, playerView(s, f, viewer)])),
    forces: s.forces,
    spice: s.spice,
    treacheryDeckCount: s.treacheryDeck.length,
    treacheryDiscard: s.treacheryDiscard,
    spiceDeckCount: s.spiceDeck.length,
    spiceDiscard: s.spiceDiscard,
    alliances: s.alliances,
    choice: s.choice
      ? {
          kind: s.choice.kind,
          id: s.choice.choice.id,
          participants: s.choice.choice.participants,
          mine: ownCommitment(s.choice.choice as never, viewer),
        }
      : null,
    auction: a
      ? {
          cardNumber: a.cardNumber,
          totalCards: a.totalCards,
          bidder: a.bidder,
          highBid: a.highBid,
          highBidder: a.highBidder,
          passed: a.passed,
          peek: a.peek,
          card: viewer === 'atreides' && a.peek === 'seen' ? (a.cards[0] ?? null) : null,
        }
      : null,
    battle: s.battle ? (battle as Omit<Battle, 'played'>) : null,
    decision: decision ?? null,
    flow: {
      options: s.options,
      cursor: s.cursor,
      nexus: s.nexus,
      wormTerritories: s.wormTerritories,
      atomics: s.atomics,
      nexusActed: s.nexusActed,
      bribed: s.bribed,
      phaseDone: s.phaseDone,
      nextPauseId: s.pauses.nextId,
      discardBatches: s.discardBatches,
      wormsign: s.wormsign,
      truthAnswers: s.truthAnswers,
      ...(s.pendingDiscard ? { pendingDiscard: s.pendingDiscard } : {}),
    },
    ...(s.semuta && s.semuta.claimant === viewer ? { semuta: s.semuta } : {}),
    windows: s.pauses.windows.map(windowShape),
    prediction: viewer === 'bene_gesserit' ? s.prediction : null,
    topSpiceCard:
      viewer === 'atreides' && phase === 'movement' && s.wormsign === 'seen'
        ? (s.spiceDeck[0] ?? null)
        : null,
    result: s.result,
    policies: ownPolicies(s.pauses.policies, viewer),
    deciders,
  };
  if (viewer === 'spectator' || !deciders.includes(viewer)) return view;
  return { ...view, legalActions: duneLegalActions(s, phase, viewer) };
}

/** The table's log as one viewer hears it: public fields always, a secret part only for its recipients. */
export function duneLogView(entry: LogEntry, viewer: Viewer): VisibleLogEntry {
  const { secret, ...open } = entry;
  if (secret && viewer !== 'spectator' && secret.to.includes(viewer))
    return { ...open, secret: secret.data };
  return open;
}
