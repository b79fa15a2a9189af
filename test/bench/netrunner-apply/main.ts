/**
 * Netrunner random self-play (the two default decks, seeded, a random legal action of a random
 * decider): how fast the engine applies actions, what choosing costs, what views and snapshots
 * cost. See test/bench/README.md.
 */
import {
  applyAction,
  newGame,
  persistGame,
  restoreGame,
  SharedValues,
  Rng,
  type GameSnapshot,
  type PersistedGame,
} from '@veil/engine';
import { netrunner, type NetrunnerSeat, type NetrunnerState } from '@veil/netrunner';
import {
  count,
  cpuMs,
  heapAfterGc,
  kib,
  now,
  progress,
  round,
  say,
  table,
  throttle,
  type BenchOptions,
  type Figures,
} from '../common/bench.js';

type Snapshot = GameSnapshot<NetrunnerState>;
type Viewer = NetrunnerSeat | 'spectator';
/** A recorded move: who acted, and the action. */
type Move = { seat: NetrunnerSeat; action: unknown };

const VIEWERS: readonly Viewer[] = ['corp', 'runner', 'spectator'];
/** A game still running after this many actions is cut (random play rarely gets there). */
const MAX_ACTIONS_PER_GAME = 5_000;

interface Sizes {
  /**
   * Games of random self-play (other seeds) played before anything is timed, so that the
   * figures are those of a warm process, as a long-running game node is: V8 optimizes in tiers
   * over the first tens of thousands of actions, on background threads.
   */
  warmupGames: number;
  games: number;
  /** Every n-th state of a game is kept as a sample for the view and snapshot measurements. */
  sampleEvery: number;
  /** Games restored side by side for the heap-per-live-game figure. */
  liveGames: number;
}

const FULL: Sizes = { warmupGames: 100, games: 100, sampleEvery: 3, liveGames: 100 };
const QUICK: Sizes = { warmupGames: 12, games: 12, sampleEvery: 4, liveGames: 12 };

/** Accumulated milliseconds and call counts. */
class Clock {
  ms = 0;
  calls = 0;
  add(ms: number, calls = 1): void {
    this.ms += ms;
    this.calls += calls;
  }
  perSecond(): number {
    return this.ms > 0 ? (this.calls / this.ms) * 1000 : 0;
  }
  microsEach(): number {
    return this.calls > 0 ? (this.ms * 1000) / this.calls : 0;
  }
}

export async function main(options: BenchOptions): Promise<Figures> {
  const sizes = options.quick ? QUICK : FULL;
  progress(
    `netrunner-apply: ${sizes.games} games of random self-play, default decks` +
      (options.quick ? ' (--quick)' : ''),
  );

  const setup = new Clock();
  const apply = new Clock();
  const choose = new Clock();
  const deciders = new Clock();
  const legal = new Clock();
  const legalCounts: number[] = [];
  const views = Object.fromEntries(VIEWERS.map((v) => [v, new Clock()])) as Record<Viewer, Clock>;
  const viewJson = Object.fromEntries(VIEWERS.map((v) => [v, new Clock()])) as Record<
    Viewer,
    Clock
  >;
  const viewBytes = Object.fromEntries(VIEWERS.map((v) => [v, 0])) as Record<Viewer, number>;
  const persist = new Clock();
  const restore = new Clock();
  const snapshotBytes: number[] = [];
  const midGames: string[] = [];
  const finalGames: string[] = [];
  const outcomes: Record<string, number> = {};
  let actions = 0;
  let cut = 0;
  // Every game's first state and moves, replayed with nothing but applyAction at the end.
  const recorded: RecordedGame[] = [];
  const tick = throttle(5_000);

  const warmup = warmUp(sizes.warmupGames);
  progress(
    `  warm-up: ${sizes.warmupGames} games, ${count(warmup.actions)} actions, ` +
      `${count(warmup.perCpuSecond)} applied per CPU-second (cold)`,
  );

  for (let game = 0; game < sizes.games; game++) {
    const rng = Rng.from(`bench:netrunner-apply:${game}`);
    let t = now();
    let snapshot: Snapshot = newGame(netrunner, {}, `bench:${game}`);
    setup.add(now() - t);
    const samples: Snapshot[] = [snapshot];
    const moves: Move[] = [];
    let played = 0;
    while (snapshot.status === 'active' && netrunner.outcome(snapshot) === null) {
      if (played >= MAX_ACTIONS_PER_GAME) {
        cut++;
        break;
      }
      // Choosing: who may act, and what they may do (what a driver or a bot pays per move).
      t = now();
      const seats = netrunner.deciders(snapshot);
      const t1 = now();
      if (seats.length === 0) throw new Error(`game ${game}: no decider in a live state`);
      const seat = rng.pick(seats);
      const t2 = now();
      const legalActions = netrunner.legalActions(snapshot, seat);
      const t3 = now();
      deciders.add(t1 - t);
      legal.add(t3 - t2);
      choose.add(t3 - t);
      legalCounts.push(legalActions.length);
      if (legalActions.length === 0) throw new Error(`game ${game}: decider ${seat} has no action`);
      const action = rng.pick(legalActions);
      // Applying: the engine's applyAction, with its own legality check.
      t = now();
      snapshot = applyAction(netrunner, snapshot, seat, action);
      apply.add(now() - t);
      moves.push({ seat, action });
      played++;
      if (played % sizes.sampleEvery === 0) samples.push(snapshot);
    }
    samples.push(snapshot);
    actions += played;

    recorded.push({ first: samples[0] as Snapshot, moves, last: snapshot });
    const outcome = netrunner.outcome(snapshot);
    const key = outcome ? `${outcome.winners.join('+') || 'draw'}:${outcome.reason}` : 'unfinished';
    outcomes[key] = (outcomes[key] ?? 0) + 1;

    // Views, their JSON, and the persisted snapshot, over the sampled states of this game.
    for (const viewer of VIEWERS) {
      t = now();
      const made = samples.map((s) => netrunner.view(s, viewer));
      views[viewer].add(now() - t, samples.length);
      t = now();
      const texts = made.map((v) => JSON.stringify(v));
      viewJson[viewer].add(now() - t, samples.length);
      for (const text of texts) viewBytes[viewer] += text.length;
    }
    t = now();
    const persisted = samples.map((s) => JSON.stringify(persistGame(s)));
    persist.add(now() - t, samples.length);
    for (const text of persisted) snapshotBytes.push(Buffer.byteLength(text));
    t = now();
    for (const text of persisted)
      restoreGame(netrunner, JSON.parse(text) as PersistedGame<NetrunnerState>, SHARED);
    restore.add(now() - t, persisted.length);
    if (midGames.length < sizes.liveGames) {
      midGames.push(persisted[Math.floor(persisted.length / 2)] as string);
      finalGames.push(persisted[persisted.length - 1] as string);
    }
    tick(() =>
      progress(
        `  ${game + 1}/${sizes.games} games, ${count(actions)} actions, ` +
          `${count(apply.perSecond())} applied/s so far`,
      ),
    );
  }

  // Before the heap figures: their full collections age out compiled code not run meanwhile.
  progress(`apply alone: the ${sizes.games} games replayed ${REPLAY_PASSES} times`);
  const replay = replayGames(recorded);

  progress(`heap: restoring ${midGames.length} mid-game states side by side`);
  const heapMid = heapPerGame(midGames);
  const heapFinal = heapPerGame(finalGames);

  const sortedBytes = [...snapshotBytes].sort((a, b) => a - b);
  const meanBytes = snapshotBytes.reduce((a, b) => a + b, 0) / Math.max(1, snapshotBytes.length);
  const figures = {
    warmupGames: sizes.warmupGames,
    warmupActions: warmup.actions,
    coldApplyPerCpuSecond: round(warmup.perCpuSecond),
    games: sizes.games,
    actions,
    avgActionsPerGame: round(actions / sizes.games, 1),
    gamesCut: cut,
    outcomes,
    applyPerSecond: round(apply.perSecond()),
    applyMicros: round(apply.microsEach(), 1),
    replayApplyPerSecond: round((replay.actions / replay.wallMs) * 1000),
    replayApplyPerCpuSecond: round((replay.actions / replay.cpuMs) * 1000),
    choosePerSecond: round(choose.perSecond()),
    chooseMicros: round(choose.microsEach(), 1),
    decidersMicros: round(deciders.microsEach(), 2),
    legalActionsMicros: round(legal.microsEach(), 1),
    avgLegalActions: round(
      legalCounts.reduce((a, b) => a + b, 0) / Math.max(1, legalCounts.length),
      1,
    ),
    selfPlayPerSecond: round(apply.calls / ((apply.ms + choose.ms) / 1000)),
    setupMillis: round(setup.ms / Math.max(1, setup.calls), 2),
    viewMicros: Object.fromEntries(VIEWERS.map((v) => [v, round(views[v].microsEach(), 1)])),
    viewJsonMicros: Object.fromEntries(VIEWERS.map((v) => [v, round(viewJson[v].microsEach(), 1)])),
    viewJsonBytes: Object.fromEntries(
      VIEWERS.map((v) => [v, round(viewBytes[v] / Math.max(1, views[v].calls))]),
    ),
    snapshotSamples: snapshotBytes.length,
    snapshotBytesMean: round(meanBytes),
    snapshotBytesMax: sortedBytes[sortedBytes.length - 1] ?? 0,
    persistJsonMicros: round(persist.microsEach(), 1),
    restoreMicros: round(restore.microsEach(), 1),
    heapPerLiveGameMidBytes: round(heapMid),
    heapPerLiveGameFinalBytes: round(heapFinal),
    targetApplyPerSecond: 20_000,
  };

  say();
  table('Netrunner random self-play (one game at a time, after the warm-up)', [
    [
      'games / actions',
      `${sizes.games} / ${count(actions)} (${figures.avgActionsPerGame} per game, ${cut} cut)`,
    ],
    [
      'outcomes',
      Object.entries(outcomes)
        .map(([k, n]) => `${k} ${n}`)
        .join(', '),
    ],
    [
      'applied actions/s on one core',
      `${count(figures.replayApplyPerCpuSecond)} per CPU-second of this process (apply alone, every thread counted; target ≥ 20,000)`,
    ],
    [
      '… wall clock',
      `${count(figures.replayApplyPerSecond)} (apply alone); ${count(figures.applyPerSecond)} timed call by call in the first play (${figures.applyMicros} µs each)`,
    ],
    [
      '… cold (the warm-up games)',
      `${count(figures.coldApplyPerCpuSecond)} per CPU-second (${count(warmup.actions)} actions replayed, each game right after its first play)`,
    ],
    [
      'choose (deciders + legalActions)',
      `${figures.chooseMicros} µs per move (${figures.decidersMicros} + ${figures.legalActionsMicros}); ${figures.avgLegalActions} legal actions on average`,
    ],
    ['self-play (choose + apply)', `${count(figures.selfPlayPerSecond)} actions/s`],
    ['newGame (setup)', `${figures.setupMillis} ms per game`],
  ]);
  table(
    'Views (µs per call; JSON bytes)',
    VIEWERS.map((v) => [
      v,
      `view ${figures.viewMicros[v]} µs, JSON.stringify ${figures.viewJsonMicros[v]} µs, ${count(figures.viewJsonBytes[v] ?? 0)} B`,
    ]),
  );
  table('Snapshots', [
    [
      'persisted JSON size',
      `mean ${kib(meanBytes)}, max ${kib(figures.snapshotBytesMax)} (${snapshotBytes.length} samples)`,
    ],
    ['persistGame + JSON.stringify', `${figures.persistJsonMicros} µs`],
    ['JSON.parse + restoreGame', `${figures.restoreMicros} µs`],
    [
      'heap per live game',
      `${kib(heapMid)} mid-game, ${kib(heapFinal)} at the end (${midGames.length} games restored side by side)`,
    ],
  ]);
  return figures;
}

interface RecordedGame {
  first: Snapshot;
  moves: Move[];
  last: Snapshot;
}

/** Passes over the recorded games in the apply-alone figure (~2 s in all on this machine). */
const REPLAY_PASSES = 3;

/**
 * The recorded games replayed `REPLAY_PASSES` times with nothing but `applyAction` in the loop
 * (no timers, no views): wall and CPU time (every thread of the process) of the whole loop. No
 * forced collection first: a full GC ages out compiled code, and a game node never forces one.
 */
function replayGames(games: readonly RecordedGame[]): {
  actions: number;
  wallMs: number;
  cpuMs: number;
} {
  let actions = 0;
  const wall0 = now();
  const cpu0 = cpuMs();
  for (let pass = 0; pass < REPLAY_PASSES; pass++) {
    for (const game of games) {
      let replayed = game.first;
      for (const move of game.moves)
        replayed = applyAction(netrunner, replayed, move.seat, move.action);
      if (replayed.context.log.length !== game.last.context.log.length) {
        throw new Error('a replayed game diverged from its first play');
      }
      actions += game.moves.length;
    }
  }
  return { actions, wallMs: now() - wall0, cpuMs: cpuMs() - cpu0 };
}

/**
 * Plays `games` seeded random games (seeds apart from the measured ones), each replayed right
 * after with nothing but `applyAction` in the loop: the replays' rate per CPU-second is the
 * cold figure (the first actions of the process, while V8 still compiles).
 */
function warmUp(games: number): { actions: number; perCpuSecond: number } {
  let actions = 0;
  let ms = 0;
  for (let game = 0; game < games; game++) {
    const rng = Rng.from(`bench:netrunner-apply:warm-up:${game}`);
    const first: Snapshot = newGame(netrunner, {}, `bench:warm-up:${game}`);
    const moves: Move[] = [];
    let snapshot = first;
    while (snapshot.status === 'active' && netrunner.outcome(snapshot) === null) {
      if (moves.length >= MAX_ACTIONS_PER_GAME) break;
      const seat = rng.pick(netrunner.deciders(snapshot));
      const action = rng.pick(netrunner.legalActions(snapshot, seat));
      snapshot = applyAction(netrunner, snapshot, seat, action);
      moves.push({ seat, action });
    }
    let replayed = first;
    const cpu0 = cpuMs();
    for (const move of moves) replayed = applyAction(netrunner, replayed, move.seat, move.action);
    ms += cpuMs() - cpu0;
    actions += moves.length;
  }
  return { actions, perCpuSecond: ms > 0 ? (actions / ms) * 1000 : 0 };
}

/** The interning pool of every restore, as a game node keeps one for all its rooms. */
const SHARED = new SharedValues();

/** Heap held by `texts.length` games restored from their persisted JSON, per game. */
function heapPerGame(texts: readonly string[]): number {
  if (texts.length === 0) return 0;
  const before = heapAfterGc();
  const live = texts.map((text) =>
    restoreGame(netrunner, JSON.parse(text) as PersistedGame<NetrunnerState>, SHARED),
  );
  const after = heapAfterGc();
  if (live.length !== texts.length) throw new Error('unreachable');
  return (after - before) / texts.length;
}
