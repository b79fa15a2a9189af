import { hasKeysInOrder } from '@veil/engine';
import { moveHandleCounts } from './handle-index.js';
import type { Breach, CardState, Encounter, Game, Run, Server } from './types.js';

/**
 * Rule functions change a private draft of the game; every machine action starts from a fresh
 * draft, so a transition never touches the snapshot it was given (pure at the machine
 * boundary; a test deep-freezes inputs to hold this). The draft copies every structure rule
 * code mutates in place and shares the ones only ever replaced (PRNG states, locations, the
 * pause records, tasks, written log entries). `draft` copies eagerly; the machine's drafts
 * (`produce`, `beginDraft`) share card records, the servers and the log until they are
 * touched: a card is copied when rule code first reads it through the draft, a server when its
 * ice or root is about to change (`writableServer`), the log when a line is appended.
 */
export function draft(g: Game): Game {
  // Integer-string keys: the record copies as fast as an array.
  const cards: Record<string, CardState> = { ...g.cards };
  for (const uid in cards) cards[uid] = copyCard(cards[uid] as CardState);
  const d = shallowDraft(g, cards);
  copyShared(d, g);
  d.log = g.log.slice();
  return d;
}

/** The eager drafts' own copies of what the machine's drafts share until changed. */
function copyShared(d: Game, g: Game): void {
  d.corp = draftCorp(g.corp);
  d.runner = draftRunner(g.runner);
  d.servers = draftServers(g.servers);
  d.memory = draftMemory(g.memory);
}

/**
 * Everything a draft copies except `cards`, `servers`, the zone arrays and `log`: the draft
 * gets the `cards` record given (see `LazyCards`: cards are copied when first read through the
 * draft's card proxy) and shares the servers, the corp's and runner's zone arrays, the turn's
 * memory and the log of `g`, copied when changed (`writableServer`, `writableCorpZone`,
 * `writableMemory`, `writableLog`).
 */
function shallowDraft(g: Game, cards: Record<string, CardState>): Game {
  const corp = shareCorp(g.corp);
  const runner = shareRunner(g.runner);
  const servers = g.servers;
  const serverOrder = g.serverOrder.slice();
  const playArea = g.playArea.slice();
  const removed = g.removed.slice();
  const run = g.run ? draftRun(g.run) : null;
  const mulligansDone = g.mulligansDone.slice();
  const tasks = g.tasks.slice();
  const memory = g.memory;
  // A game stored with its keys in another order keeps that order (its JSON must not change).
  if (!hasKeysInOrder(g, GAME_KEYS)) {
    return {
      ...g,
      cards,
      corp,
      runner,
      servers,
      serverOrder,
      playArea,
      removed,
      run,
      mulligansDone,
      tasks,
      memory,
    };
  }
  // Field by field: a spread (let alone one followed by overriding properties) is several
  // times slower in V8, and one literal gives every draft the same object shape.
  return {
    rulesVersion: g.rulesVersion,
    decks: g.decks,
    agendaPointsToWin: g.agendaPointsToWin,
    rng: g.rng,
    handleRng: g.handleRng,
    turn: g.turn,
    active: g.active,
    cards,
    nextUid: g.nextUid,
    corp,
    runner,
    servers,
    serverOrder,
    nextRemote: g.nextRemote,
    playArea,
    removed,
    run,
    nextRunId: g.nextRunId,
    mulligansDone,
    pauses: g.pauses,
    tasks,
    nextBatch: g.nextBatch,
    memory,
    log: g.log,
    outcome: g.outcome,
    held: g.held,
  };
}

/** The keys of a game in the order `blankGame` (rules/setup.ts) builds them. */
const GAME_KEYS: readonly (keyof Game)[] = [
  'rulesVersion',
  'decks',
  'agendaPointsToWin',
  'rng',
  'handleRng',
  'turn',
  'active',
  'cards',
  'nextUid',
  'corp',
  'runner',
  'servers',
  'serverOrder',
  'nextRemote',
  'playArea',
  'removed',
  'run',
  'nextRunId',
  'mulligansDone',
  'pauses',
  'tasks',
  'nextBatch',
  'memory',
  'log',
  'outcome',
  'held',
];

// Field by field, in declaration order (as the game is built).
function draftCorp(corp: Game['corp']): Game['corp'] {
  return {
    identity: corp.identity,
    credits: corp.credits,
    clicks: corp.clicks,
    hq: corp.hq.slice(),
    rd: corp.rd.slice(),
    archives: corp.archives.slice(),
    scored: corp.scored.slice(),
    badPublicity: corp.badPublicity,
  };
}

/** `draftCorp` sharing the zone arrays (`writableZone` copies one before it changes). */
function shareCorp(corp: Game['corp']): Game['corp'] {
  return {
    identity: corp.identity,
    credits: corp.credits,
    clicks: corp.clicks,
    hq: corp.hq,
    rd: corp.rd,
    archives: corp.archives,
    scored: corp.scored,
    badPublicity: corp.badPublicity,
  };
}

function shareRunner(runner: Game['runner']): Game['runner'] {
  return {
    identity: runner.identity,
    credits: runner.credits,
    clicks: runner.clicks,
    tags: runner.tags,
    coreDamage: runner.coreDamage,
    grip: runner.grip,
    stack: runner.stack,
    heap: runner.heap,
    rig: runner.rig,
    scored: runner.scored,
  };
}

function draftRunner(runner: Game['runner']): Game['runner'] {
  return {
    identity: runner.identity,
    credits: runner.credits,
    clicks: runner.clicks,
    tags: runner.tags,
    coreDamage: runner.coreDamage,
    grip: runner.grip.slice(),
    stack: runner.stack.slice(),
    heap: runner.heap.slice(),
    rig: runner.rig.slice(),
    scored: runner.scored.slice(),
  };
}

function draftServers(from: Game['servers']): Game['servers'] {
  const servers: Game['servers'] = {};
  for (const id in from) {
    const s = from[id] as Game['servers'][string];
    servers[id] = { id: s.id, ice: s.ice.slice(), root: s.root.slice() };
  }
  return servers;
}

function draftMemory(memory: Game['memory']): Game['memory'] {
  return {
    runsOn: memory.runsOn.slice(),
    successfulRunsOn: memory.successfulRunsOn.slice(),
    scoredPoints: memory.scoredPoints.slice(),
    runnerSucceededLastTurn: memory.runnerSucceededLastTurn,
    firsts: { ...memory.firsts },
    corpCannotScore: memory.corpCannotScore,
    programsInstalled: memory.programsInstalled,
  };
}

/** Field by field: one object shape for every card keeps the copy fast. */
function copyCard(c: CardState): CardState {
  return {
    uid: c.uid,
    code: c.code,
    side: c.side,
    loc: c.loc,
    rezzed: c.rezzed,
    faceUp: c.faceUp,
    counters: c.counters,
    host: c.host,
    installedTurn: c.installedTurn,
    noScoreTurn: c.noScoreTurn,
    used: c.used,
    handles: c.handles,
    peek: c.peek,
  };
}

/**
 * A spread, then the copied fields set one by one: as fast as a literal in V8 (a spread with
 * overriding keys is not), and every record keeps the key order it has.
 */
function draftRun(run: Run): Run {
  const copy = { ...run };
  copy.encounter = run.encounter ? draftEncounter(run.encounter) : null;
  copy.breach = run.breach ? draftBreach(run.breach) : null;
  const mods = { ...run.mods };
  mods.trashAtEnd = run.mods.trashAtEnd.slice();
  mods.persistent = run.mods.persistent.slice();
  copy.mods = mods;
  copy.after = run.after.slice();
  return copy;
}

function draftEncounter(encounter: Encounter): Encounter {
  const copy = { ...encounter };
  copy.broken = encounter.broken.slice();
  copy.pumps = { ...encounter.pumps };
  return copy;
}

function draftBreach(breach: Breach): Breach {
  const copy = { ...breach };
  copy.pending = breach.pending.slice();
  copy.seen = breach.seen.slice();
  return copy;
}

/**
 * Copy-on-access card records. `target` starts as a shallow copy of the base record (sharing
 * every card object); the proxy hands out a private copy of a card the first time rule code
 * reads it, so in-place writes (`c.rezzed = true`) never reach the base. Only the proxy is
 * ever given to rule code, and only while it runs: between machine actions and in every
 * context the machine returns, `cards` is the plain `target`.
 */
interface LazyCards {
  readonly base: Readonly<Record<string, CardState>>;
  readonly target: Record<string, CardState>;
  readonly proxy: Record<string, CardState>;
}

const hasOwn = Object.prototype.hasOwnProperty;

/**
 * Per draft: its lazy card record, the draft itself and the log it copied. Found without any
 * state outside the game, so two games stepped in turn — or a search's determinization stepped
 * in the middle of one — never find each other's draft: while rule code runs, through the card
 * proxy in `g.cards` (it answers `DRAFT`; a plain record has no such key); between the actions
 * of one transition, through that transition's event (see `begin`). Never on the draft: the
 * engine copies the draft into the step's state (compiled-step.ts), and V8 copies an object
 * with a non-enumerable property ~10× slower. (A weak map keyed by the draft cost ~10 % of an
 * action: a lookup per card read, and a weak entry per step.)
 */
interface DraftOf extends LazyCards {
  /** The draft (null until `begin` or `produce` made it). */
  draft: Game | null;
  /** The log array the draft copied and may append to (null: it still shares its state's). */
  ownLog: Game['log'] | null;
  /** The servers record of the state drafted: it and its servers are copied before a change. */
  baseServers: Game['servers'] | null;
  /** The drafted state's corp and runner: their zone arrays are copied before a change. */
  baseCorp: Game['corp'] | null;
  baseRunner: Game['runner'] | null;
  /** The drafted state's turn memory, copied before a change. */
  baseMemory: Game['memory'] | null;
}

const DRAFT = Symbol('draft');

function lazyCards(g: Game): DraftOf {
  const base = g.cards;
  const target: Record<string, CardState> = { ...base };
  // Same cards, same handles: the handle index moves to the record the draft will change.
  moveHandleCounts(g.decks, base, target);
  const proxy = new Proxy(target, {
    get(t, key) {
      if (typeof key === 'string') return ownCard(base, t, key);
      return key === DRAFT ? of : (t as never)[key];
    },
  });
  const of: DraftOf = {
    base,
    target,
    proxy,
    draft: null,
    ownLog: null,
    baseServers: null,
    baseCorp: null,
    baseRunner: null,
    baseMemory: null,
  };
  return of;
}

/** The draft record of `g` while rule code runs with its card proxy in place (`withCards`). */
function lazyOf(g: Game): DraftOf | undefined {
  return (g.cards as { readonly [DRAFT]?: DraftOf })[DRAFT];
}

/** The card at `key` of a draft's record, copied first if it is still the base's. */
function ownCard(
  base: Readonly<Record<string, CardState>>,
  target: Record<string, CardState>,
  key: string,
): CardState {
  const c = target[key] as CardState;
  if (c !== undefined && c === base[key] && hasOwn.call(target, key)) {
    const copy = copyCard(c);
    target[key] = copy;
    return copy;
  }
  return c;
}

/**
 * The plain record behind `g.cards`, for reads that must not copy every card (a scan of all
 * cards). Never write to a card obtained this way: take it from `g.cards[uid]`.
 */
export function cardsForReading(g: Game): Readonly<Record<string, CardState>> {
  return lazyOf(g)?.target ?? g.cards;
}

/**
 * `g.cards[uid]`, the same card (a draft's own copy), without the cost of going through the
 * card proxy: for the hot paths that fetch a card to change it (`card` in zones.ts, handles).
 */
export function cardOf(g: Game, uid: string): CardState | undefined {
  const lazy = lazyOf(g);
  return lazy !== undefined ? ownCard(lazy.base, lazy.target, uid) : g.cards[uid];
}

/**
 * The cards of `g` for a loop over many of them (`cardsForReading` and `cardOf` ask the card
 * proxy for the draft on every call): `record` to read, `own(uid)` for a card to change.
 */
export interface CardAccess {
  readonly record: Readonly<Record<string, CardState>>;
  /** The drafted state's record (undefined outside a draft), whose cards are copied on write. */
  readonly base: Readonly<Record<string, CardState>> | undefined;
}

// A plain pair, no closure: under tsx's keepNames every closure made per call is also named
// per call (`Object.defineProperty`), ~2 µs an action for this one in profiles.
export function cardAccess(g: Game): CardAccess {
  const lazy = lazyOf(g);
  return lazy === undefined
    ? { record: g.cards, base: undefined }
    : { record: lazy.target, base: lazy.base };
}

/** The card `uid` of `access` for a change: copied first if it is still the drafted state's. */
export function ownCardOf(access: CardAccess, uid: string): CardState | undefined {
  const record = access.record as Record<string, CardState>;
  return access.base === undefined ? record[uid] : ownCard(access.base, record, uid);
}

/**
 * The log arrays games copied outside rule code's card proxy (an eager `draft`, a copy a
 * handler made), by game: each copies its log once. Drafts under their proxy keep theirs in
 * `DraftOf` (one weak entry fewer per step).
 */
const ownLogs = new WeakMap<Game, Game['log']>();

/** `g.log`, copied first unless `g` (a draft) already owns its copy. */
export function writableLog(g: Game): Game['log'] {
  const d = lazyOf(g);
  if ((d !== undefined ? d.ownLog : ownLogs.get(g)) !== g.log) {
    g.log = g.log.slice();
    if (d !== undefined) d.ownLog = g.log;
    else ownLogs.set(g, g.log);
  }
  return g.log;
}

/**
 * `g.servers`, copied first if it is still the drafted state's: for adding or removing a
 * server. Outside a draft's rule code (setup, a sample being built) the game owns its record.
 */
export function writableServers(g: Game): Game['servers'] {
  const d = lazyOf(g);
  if (d !== undefined && g.servers === d.baseServers) g.servers = { ...g.servers };
  return g.servers;
}

/** The server `id` of `g`, copied first (with its ice and root) if it is still the state's. */
export function writableServer(g: Game, id: string): Server | undefined {
  const d = lazyOf(g);
  const s = g.servers[id];
  if (d === undefined || s === undefined || s !== d.baseServers?.[id]) return s;
  if (g.servers === d.baseServers) g.servers = { ...g.servers };
  const copy: Server = { id: s.id, ice: s.ice.slice(), root: s.root.slice() };
  g.servers[id] = copy;
  return copy;
}

/** `g.memory`, copied first if it is still the drafted state's: for changing it in place. */
export function writableMemory(g: Game): Game['memory'] {
  const d = lazyOf(g);
  if (d !== undefined && g.memory === d.baseMemory) g.memory = draftMemory(g.memory);
  return g.memory;
}

type CorpZone = 'hq' | 'rd' | 'archives' | 'scored';
type RunnerZone = 'grip' | 'stack' | 'heap' | 'rig' | 'scored';

/** `g.corp[zone]`, copied first if it is still the drafted state's: for changing it in place. */
export function writableCorpZone(g: Game, zone: CorpZone): string[] {
  const d = lazyOf(g);
  if (d !== undefined && g.corp[zone] === d.baseCorp?.[zone]) g.corp[zone] = g.corp[zone].slice();
  return g.corp[zone];
}

/** `g.runner[zone]`, copied first if it is still the drafted state's. */
export function writableRunnerZone(g: Game, zone: RunnerZone): string[] {
  const d = lazyOf(g);
  if (d !== undefined && g.runner[zone] === d.baseRunner?.[zone]) {
    g.runner[zone] = g.runner[zone].slice();
  }
  return g.runner[zone];
}

/** Runs `change` on `d` with its lazy card proxy in place, then puts the plain record back. */
function withCards(d: Game, lazy: DraftOf, change: (draft: Game) => void): void {
  d.cards = lazy.proxy;
  try {
    change(d);
  } finally {
    d.cards = lazy.target;
  }
}

export function produce(g: Game, change: (draft: Game) => void): Game {
  const lazy = lazyCards(g);
  const next = shallowDraft(g, lazy.target);
  // Copied at once: tests and their kits edit servers and zones in place.
  copyShared(next, g);
  lazy.draft = next;
  withCards(next, lazy, change);
  return next;
}

/**
 * One draft per transition. A machine transition runs several actions (the event's handler,
 * then the entry actions of every state it passes through); copying the game for each would
 * dominate the cost of an action. So the handler of a seat's event starts a draft
 * (`beginDraft`), and later actions of the same transition — recognised by the same event
 * object and a context whose fields are still the draft's — keep changing it
 * (`continueDraft`). The snapshot a transition started from is never touched: its structures
 * are copied by `beginDraft` before any change (cards and the log lazily, on first access
 * or append). A draft is recognised through its event (see `DraftOf`): the event object is
 * the transition's own, and a step's state is always a copy of the draft, never the draft, so
 * a handler that starts no draft (a pass copies the context) leaves later actions none to
 * continue.
 */
function begin(event: object, g: Game): DraftOf {
  const lazy = lazyCards(g);
  lazy.draft = shallowDraft(g, lazy.target);
  lazy.baseServers = g.servers;
  lazy.baseCorp = g.corp;
  lazy.baseRunner = g.runner;
  lazy.baseMemory = g.memory;
  // A plain store, not defineProperty (a runtime call, ~0.3 µs an action). An event sent again
  // finds a draft that is not its state's (`draftOfEvent`) and begins a new one.
  (event as { [DRAFT]?: DraftOf })[DRAFT] = lazy;
  return lazy;
}

/** The record of `event`'s draft if `g` is that draft. */
function draftOfEvent(event: object, g: Game): DraftOf | undefined {
  const of = (event as { readonly [DRAFT]?: DraftOf })[DRAFT];
  return of !== undefined && of.draft === g ? of : undefined;
}

/** Runs `change` on the draft of `of` with its card proxy in place. */
function change(of: DraftOf, fn: (draft: Game) => void): Game {
  const d = of.draft as Game;
  withCards(d, of, fn);
  return d;
}

/** The handler of a seat's event: `change` a new draft of `g` and return it. */
export function beginDraft(event: object, g: Game, fn: (draft: Game) => void): Game {
  return change(begin(event, g), fn);
}

/** A later action of the same transition: `change` its draft (a new one if `g` is not it). */
export function continueDraft(event: object, g: Game, fn: (draft: Game) => void): Game {
  return change(draftOfEvent(event, g) ?? begin(event, g), fn);
}

/** The transition's draft if `g` is still it, else null (for changes that need no copy). */
export function draftIfCurrent(event: object, g: Game): Game | null {
  return draftOfEvent(event, g) !== undefined ? g : null;
}
