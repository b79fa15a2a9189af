import {
  ownPolicies,
  topDecision,
  windowShape,
  type GameSnapshot,
  type ReactionWindow,
  type WindowPolicy,
} from '@veil/engine';
import type { StateValue } from 'xstate';
import { decidersOfGame, legalActionsOf } from '../actions/legal.js';
import type { NetrunnerAction } from '../actions/types.js';
import { behaviourOf } from '../cards/registry.js';
import { facts } from '../facts.js';
import { canSee, cardHandle, handleOf } from '../state/handles.js';
import { opponentRemembers } from '../state/memory.js';
import type {
  CardState,
  Counters,
  DeckList,
  Game,
  ServerId,
  Side,
  Viewer,
} from '../state/types.js';
import { resumeView, type ResumeView } from './resume.js';
import { actionNotes, breakersView, type ActionNote, type BreakerView } from './action-notes.js';
import { agendaPoints } from '../rules/agenda-points.js';
import { decisionView, type DecisionView } from '../rules/decisions.js';
import { serverLabel } from '../rules/install.js';
import { maxHandSize, memoryLimit, memoryUsed } from '../rules/limits.js';
import { breakerStrength, iceStrength } from '../rules/strength.js';

/** One card as a viewer sees it: always its handle; its identity only when visible. */
export interface CardView {
  readonly id: string;
  readonly code?: string;
  readonly title?: string;
  /** Installed Corp cards: rezzed or not (public). */
  readonly rezzed?: boolean;
  /** Counters are public. */
  readonly counters?: Counters;
  /** The handle of the card hosting this one. */
  readonly host?: string;
  /** Current strength of visible ice and icebreakers. */
  readonly strength?: number;
  /** Installed cards: the turn they were installed (public). */
  readonly installedTurn?: number;
  /** Once-per-turn abilities used this turn (ability id → turn). */
  readonly used?: Readonly<Record<string, number>>;
  /** The turn on which this card cannot be scored. */
  readonly noScoreTurn?: number;
  /**
   * On the viewer's own hidden card: the other seat remembers it here (it was accessed or
   * revealed and has not moved since, state/memory.ts), so a search must not resample it.
   */
  readonly opponentRemembers?: true;
}

/** A card of a pile (R&D, the stack) the viewer remembers, by position (0 = top). */
export interface PileCardView {
  readonly position: number;
  readonly card: CardView;
}

export interface ServerView {
  readonly id: ServerId;
  readonly label: string;
  /** Innermost first. */
  readonly ice: readonly CardView[];
  readonly root: readonly CardView[];
}

export interface RunView {
  readonly server: ServerId;
  readonly step: string;
  /** Index of the Runner's position in the server's ice (innermost 0), or null. */
  readonly position: number | null;
  readonly encounter: {
    readonly ice: string;
    readonly strength: number;
    readonly subroutines: readonly { readonly label: string; readonly broken: boolean }[];
  } | null;
  readonly accessed: number;
  readonly successful: boolean;
  readonly ending: boolean;
  /** Credits placed for this run only (e.g. Overclock's), spent before the pool; absent at 0. */
  readonly runCredits?: number;
}

export interface NetrunnerView {
  readonly viewer: Viewer;
  /** The statechart state, e.g. `runnerTurn.action.run.encounter.window`. */
  readonly phase: string;
  readonly turn: number;
  readonly active: Side;
  readonly corp: {
    readonly identity: CardView;
    readonly credits: number;
    readonly clicks: number;
    readonly maxHandSize: number;
    readonly agendaPoints: number;
    /** Bad publicity tokens (public). */
    readonly badPublicity: number;
    readonly hq: readonly CardView[];
    readonly rdCount: number;
    /** Cards of R&D the viewer remembers (an accessed card still in place); absent if none. */
    readonly rdKnown?: readonly PileCardView[];
    readonly archives: {
      readonly faceUp: readonly CardView[];
      readonly faceDown: readonly CardView[];
    };
    readonly scored: readonly CardView[];
  };
  readonly runner: {
    readonly identity: CardView;
    readonly credits: number;
    readonly clicks: number;
    readonly tags: number;
    /** Link: the identity's base link (no card of the pool adds any). */
    readonly link: number;
    readonly coreDamage: number;
    readonly maxHandSize: number;
    readonly agendaPoints: number;
    readonly memory: { readonly used: number; readonly limit: number };
    readonly grip: readonly CardView[];
    readonly stackCount: number;
    /** Cards of the stack the viewer sees or remembers; absent if none. */
    readonly stackKnown?: readonly PileCardView[];
    readonly heap: readonly CardView[];
    readonly rig: readonly CardView[];
    readonly scored: readonly CardView[];
  };
  readonly servers: readonly ServerView[];
  readonly playArea: readonly CardView[];
  readonly removed: readonly CardView[];
  readonly run: RunView | null;
  readonly decision: DecisionView | null;
  readonly windows: readonly ReactionWindow<Side>[];
  readonly deciders: readonly Side[];
  readonly policies: Readonly<Record<string, WindowPolicy>>;
  readonly agendaPointsToWin: number;
  readonly outcome: { readonly winner: Side | null; readonly reason: string } | null;
  /**
   * Both deck lists (identity and card counts), for every viewer: decklists are open — public
   * facts of the room from setup (docs/games/netrunner.md, "Open decklists"). Where each card
   * is stays hidden as before.
   */
  readonly decks: { readonly corp: DeckList; readonly runner: DeckList };
  /** Public bookkeeping for resuming from this view (AI determinization). */
  readonly resume: ResumeView;
  /** Present only when the viewer is a decider. */
  readonly legalActions?: readonly NetrunnerAction[];
  /** Beside `legalActions`, one per action in the same order: its cost now and ability words. */
  readonly actionNotes?: readonly ActionNote[];
  /** The Runner deciding in an encounter: its breakers for this ice (break planning). */
  readonly breakers?: readonly BreakerView[];
}

/** `{ [key]: list }`, or nothing for an empty list (views without memory stay as they were). */
function optional<K extends string, T>(key: K, list: readonly T[]): { [P in K]?: readonly T[] } {
  return (list.length > 0 ? { [key]: list } : {}) as { [P in K]?: readonly T[] };
}

/** `a.b.c` path of a state value. */
export function phaseOf(value: StateValue): string {
  if (typeof value === 'string') return value;
  const [key, child] = Object.entries(value)[0] ?? ['', ''];
  return child && (typeof child === 'string' || Object.keys(child).length > 0)
    ? `${key}.${phaseOf(child as StateValue)}`
    : key;
}

/**
 * Once the game is over every card is shown to every viewer, where it lies (docs/games/netrunner.md,
 * "Views"): nothing hidden is left to protect, and both players and spectators read the full reveal.
 */
function shown(g: Game, c: CardState, viewer: Viewer): boolean {
  return g.outcome !== null || canSee(c, viewer);
}

function cardView(g: Game, c: CardState, viewer: Viewer): CardView {
  const visible = shown(g, c, viewer);
  const installed = c.loc.zone === 'ice' || c.loc.zone === 'root' || c.loc.zone === 'rig';
  const hasCounters = Object.values(c.counters).some((n) => (n ?? 0) > 0);
  const type = visible ? facts(c.code).type : null;
  const strength =
    visible && installed && type === 'ice'
      ? iceStrength(g, c.uid)
      : visible && installed && facts(c.code).subtypes.includes('Icebreaker')
        ? breakerStrength(g, c.uid)
        : undefined;
  return {
    id: cardHandle(c, viewer),
    ...(visible ? { code: c.code, title: facts(c.code).title } : {}),
    ...(installed && c.side === 'corp' ? { rezzed: c.rezzed } : {}),
    ...(hasCounters ? { counters: c.counters } : {}),
    ...(c.host ? { host: handleOf(g, c.host, viewer) } : {}),
    ...(strength !== undefined ? { strength } : {}),
    ...(installed && c.installedTurn !== null ? { installedTurn: c.installedTurn } : {}),
    ...(Object.keys(c.used).length > 0 ? { used: c.used } : {}),
    ...(c.noScoreTurn !== null ? { noScoreTurn: c.noScoreTurn } : {}),
    ...(visible && opponentRemembers(c, viewer) ? { opponentRemembers: true as const } : {}),
  };
}

/** The cards of a pile the viewer sees where they lie (remembered, searched now, or the game is over). */
function pileKnown(g: Game, uids: readonly string[], viewer: Viewer): PileCardView[] {
  const out: PileCardView[] = [];
  uids.forEach((uid, position) => {
    const c = g.cards[uid];
    if (c && (g.outcome !== null || c.peek.includes(viewer))) {
      out.push({ position, card: cardView(g, c, viewer) });
    }
  });
  return out;
}

/**
 * A zone as a viewer sees it. A zone whose order the viewer cannot see (HQ for the Runner, the
 * grip for the Corp, facedown Archives) is listed by handle, sorted, so its order says nothing.
 */
function zoneView(g: Game, uids: readonly string[], viewer: Viewer): CardView[] {
  const cards = uids.map((uid) => g.cards[uid]).filter((c): c is CardState => !!c);
  const views = cards.map((c) => cardView(g, c, viewer));
  const allVisible = cards.every((c) => shown(g, c, viewer));
  return allVisible ? views : [...views].sort((a, b) => a.id.localeCompare(b.id));
}

function single(g: Game, uid: string, viewer: Viewer): CardView {
  const c = g.cards[uid];
  if (!c) throw new Error(`no card ${uid}`);
  return cardView(g, c, viewer);
}

function runView(g: Game, viewer: Viewer): RunView | null {
  const run = g.run;
  if (!run) return null;
  const enc = run.encounter;
  const iceCard = enc ? g.cards[enc.ice] : undefined;
  return {
    server: run.server,
    // Announced, not yet begun by the chart: still initiation (its step a).
    step: run.step ?? 'initiation',
    position: run.position,
    encounter:
      enc && iceCard
        ? {
            ice: cardHandle(iceCard, viewer),
            strength: iceStrength(g, enc.ice),
            subroutines: (behaviourOf(iceCard.code)?.subroutines ?? []).map((s, i) => ({
              label: s.label,
              broken: enc.broken[i] ?? false,
            })),
          }
        : null,
    accessed: run.breach?.accessed ?? 0,
    successful: run.successful,
    ending: run.ending,
    ...(run.mods.hostedCredits > 0 ? { runCredits: run.mods.hostedCredits } : {}),
  };
}

export function netrunnerView(snapshot: GameSnapshot<Game>, viewer: Viewer): NetrunnerView {
  const g = snapshot.context;
  const archives = g.corp.archives.map((uid) => g.cards[uid]).filter((c): c is CardState => !!c);
  const deciders = decidersOfGame(g);
  const top = topDecision(g.pauses.decisions);
  const view: NetrunnerView = {
    viewer,
    phase: phaseOf(snapshot.value),
    turn: g.turn,
    active: g.active,
    corp: {
      identity: single(g, g.corp.identity, viewer),
      credits: g.corp.credits,
      clicks: g.corp.clicks,
      maxHandSize: maxHandSize(g, 'corp'),
      agendaPoints: agendaPoints(g, 'corp'),
      badPublicity: g.corp.badPublicity,
      hq: zoneView(g, g.corp.hq, viewer),
      rdCount: g.corp.rd.length,
      ...optional('rdKnown', pileKnown(g, g.corp.rd, viewer)),
      archives: {
        faceUp: zoneView(
          g,
          archives.filter((c) => c.faceUp).map((c) => c.uid),
          viewer,
        ),
        faceDown: zoneView(
          g,
          archives.filter((c) => !c.faceUp).map((c) => c.uid),
          viewer,
        ),
      },
      scored: zoneView(g, g.corp.scored, viewer),
    },
    runner: {
      identity: single(g, g.runner.identity, viewer),
      credits: g.runner.credits,
      clicks: g.runner.clicks,
      tags: g.runner.tags,
      link: facts(g.cards[g.runner.identity]?.code ?? '').baseLink ?? 0,
      coreDamage: g.runner.coreDamage,
      maxHandSize: maxHandSize(g, 'runner'),
      agendaPoints: agendaPoints(g, 'runner'),
      memory: { used: memoryUsed(g), limit: memoryLimit(g) },
      grip: zoneView(g, g.runner.grip, viewer),
      stackCount: g.runner.stack.length,
      ...optional('stackKnown', pileKnown(g, g.runner.stack, viewer)),
      heap: zoneView(g, g.runner.heap, viewer),
      rig: zoneView(g, g.runner.rig, viewer),
      scored: zoneView(g, g.runner.scored, viewer),
    },
    servers: g.serverOrder.flatMap((id) => {
      const s = g.servers[id];
      if (!s) return [];
      return [
        {
          id,
          label: serverLabel(id),
          ice: s.ice.map((uid) => single(g, uid, viewer)),
          root: s.root.map((uid) => single(g, uid, viewer)),
        },
      ];
    }),
    playArea: zoneView(g, g.playArea, viewer),
    removed: zoneView(g, g.removed, viewer),
    run: runView(g, viewer),
    decision: top ? decisionView(g, top, viewer) : null,
    windows: g.pauses.windows.map(windowShape),
    deciders,
    policies: ownPolicies(g.pauses.policies, viewer),
    agendaPointsToWin: g.agendaPointsToWin,
    outcome: g.outcome,
    decks: g.decks,
    resume: resumeView(g, viewer),
  };
  if (viewer !== 'spectator' && deciders.includes(viewer)) {
    const legalActions = legalActionsOf(g, viewer);
    const notes = actionNotes(g, viewer, legalActions);
    const breakers = viewer === 'runner' ? breakersView(g) : [];
    return { ...view, legalActions, actionNotes: notes, ...optional('breakers', breakers) };
  }
  return view;
}
