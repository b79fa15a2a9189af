import { seedRng, shuffle, type RngState } from '@veil/engine';
import { facts } from '../facts.js';
import { freshHandle, packHandles, rotateZone, setHandles } from '../state/handles.js';
import { forgetAll } from '../state/memory.js';
import { writableCorpZone, writableRunnerZone } from '../state/draft.js';
import { emptyPauses } from '@veil/engine';
import type {
  CardState,
  DeckList,
  Game,
  Location,
  NetrunnerDecision,
  Side,
} from '../state/types.js';
import { drawCards } from './draw.js';
import { pushDecision } from './tasks.js';
import { freshTurnMemory } from './turn.js';

/**
 * 2: the ChaCha20 streams (rules and handles) of docs/privacy.md replaced SFC32.
 * 3: seat memory (state/memory.ts) — a remembered card keeps or changes handles differently.
 * 4: the active player leads its action windows; its action is held until the other seat passes.
 * 5: a player orders all its pending conditional abilities, not only those of one event.
 * 6: a seat public facts leave nothing to do in a window passes it unasked (rules/public-skip.ts).
 */
export const RULES_VERSION = 6;
export const STARTING_CREDITS = 5;
export const STARTING_HAND = 5;

export type { DeckList };

/**
 * A game before anything is placed: both sides with 5 credits and empty zones, the three central
 * servers, no run, nothing pending. `setupGame` fills it in.
 */
export function blankGame(
  corpDeck: DeckList,
  runnerDeck: DeckList,
  agendaPointsToWin: number,
  rng: RngState,
  handleRng: RngState,
): Game {
  return {
    rulesVersion: RULES_VERSION,
    decks: {
      corp: { identity: corpDeck.identity, cards: corpDeck.cards.map((e) => ({ ...e })) },
      runner: { identity: runnerDeck.identity, cards: runnerDeck.cards.map((e) => ({ ...e })) },
    },
    agendaPointsToWin,
    rng,
    handleRng,
    turn: 0,
    active: 'corp',
    cards: {},
    nextUid: 1,
    corp: {
      identity: '',
      credits: STARTING_CREDITS,
      clicks: 0,
      hq: [],
      rd: [],
      archives: [],
      scored: [],
      badPublicity: 0,
    },
    runner: {
      identity: '',
      credits: STARTING_CREDITS,
      clicks: 0,
      tags: 0,
      coreDamage: 0,
      grip: [],
      stack: [],
      heap: [],
      rig: [],
      scored: [],
    },
    servers: {
      hq: { id: 'hq', ice: [], root: [] },
      rd: { id: 'rd', ice: [], root: [] },
      archives: { id: 'archives', ice: [], root: [] },
    },
    serverOrder: ['hq', 'rd', 'archives'],
    nextRemote: 1,
    playArea: [],
    removed: [],
    run: null,
    nextRunId: 1,
    mulligansDone: [],
    pauses: emptyPauses<Side, NetrunnerDecision>(),
    tasks: [],
    nextBatch: 1,
    memory: freshTurnMemory(false),
    log: [],
    outcome: null,
    held: null,
  };
}

/**
 * A game's two random streams, both keyed by the room's seed (docs/privacy.md): `rules` for
 * shuffles and random choices, `handles` for the opaque handles every viewer sees — independent,
 * so a handle says nothing about the rules' draws.
 */
export interface GameStreams {
  readonly rules: RngState;
  readonly handles: RngState;
}

export function gameStreams(seed: number | string): GameStreams {
  return { rules: seedRng(seed, 'rules'), handles: seedRng(seed, 'handles') };
}

/**
 * Creates a game ready for mulligans: identities placed, decks shuffled with the rules stream,
 * 5 credits and 5 cards each, and the two mulligan decisions on the stack (Corp first).
 */
export function setupGame(
  corpDeck: DeckList,
  runnerDeck: DeckList,
  streams: GameStreams,
  agendaPointsToWin = 7,
): Game {
  const g = blankGame(corpDeck, runnerDeck, agendaPointsToWin, streams.rules, streams.handles);
  placeDeck(g, 'corp', corpDeck);
  placeDeck(g, 'runner', runnerDeck);
  shuffleDeck(g, 'corp');
  shuffleDeck(g, 'runner');
  drawCards(g, 'corp', STARTING_HAND);
  drawCards(g, 'runner', STARTING_HAND);
  pushDecision(g, { kind: 'mulligan', seat: 'runner' });
  pushDecision(g, { kind: 'mulligan', seat: 'corp' });
  return g;
}

/** Creates a card instance at `loc` (not yet in any zone array): fresh uid and handles. */
export function newCard(g: Game, code: string, side: Side, loc: Location): string {
  const uid = String(g.nextUid);
  g.nextUid += 1;
  const c: CardState = {
    uid,
    code,
    side,
    loc,
    rezzed: false,
    faceUp: loc.zone === 'identity',
    counters: {},
    host: null,
    installedTurn: null,
    noScoreTurn: null,
    used: {},
    handles: '',
    peek: [],
  };
  g.cards[uid] = c;
  // Drawn in `VIEWERS` order, each unique among the cards so far (this one's still empty).
  const corp = freshHandle(g, 'corp');
  const runner = freshHandle(g, 'runner');
  setHandles(g, c, packHandles(corp, runner, freshHandle(g, 'spectator')));
  return uid;
}

function placeDeck(g: Game, side: Side, deck: DeckList): void {
  if (facts(deck.identity).side !== side || facts(deck.identity).type !== 'identity') {
    throw new Error(`${deck.identity} is not a ${side} identity`);
  }
  g[side].identity = newCard(g, deck.identity, side, { zone: 'identity' });
  const pile = side === 'corp' ? g.corp.rd : g.runner.stack;
  for (const { code, count } of deck.cards) {
    if (facts(code).side !== side) throw new Error(`${code} is not a ${side} card`);
    for (let i = 0; i < count; i++) {
      pile.push(newCard(g, code, side, { zone: side === 'corp' ? 'rd' : 'stack' }));
    }
  }
}

/** Shuffles R&D or the stack with the game PRNG; its cards get new handles. */
export function shuffleDeck(g: Game, side: Side): void {
  // Reordered in place: the draft's own copy of the pile.
  const pile = side === 'corp' ? writableCorpZone(g, 'rd') : writableRunnerZone(g, 'stack');
  const [order, rng] = shuffle(g.rng, pile);
  g.rng = rng;
  pile.splice(0, pile.length, ...order);
  forgetAll(g, pile);
  rotateZone(g, pile);
}
