/**
 * Dune random self-play (mixed 2–6 seats, seeded) beside Netrunner's in the same run: applied
 * actions/s (apply alone, replayed), µs per view, and Dune's figures as a ratio of Netrunner's.
 * See test/bench/README.md.
 */
import { applyAction, newGame, Rng, type AnyGameModule, type GameSnapshot } from '@veil/engine';
import { dune, FACTION_IDS } from '@veil/dune';
import { netrunner } from '@veil/netrunner';
import {
  count,
  cpuMs,
  now,
  progress,
  round,
  say,
  table,
  type BenchOptions,
  type Figures,
} from '../common/bench.js';

type Move = { seat: string; action: unknown };
interface Recorded {
  first: GameSnapshot<unknown>;
  moves: Move[];
  logLength: number;
}
/** A sampled state and the seats of its game (every seat's view is measured). */
interface Sample {
  snapshot: GameSnapshot<unknown>;
  seats: readonly string[];
}

interface Subject {
  name: 'dune' | 'netrunner';
  module: AnyGameModule;
  /** Room options of game `i` (Dune: a seeded 2–6 of the six factions). */
  options: (rng: Rng) => unknown;
  /** Action types played rarely (Dune's bribes and gifts, legal at nearly every step). */
  typeWeights: Readonly<Record<string, number>>;
}

const SUBJECTS: readonly Subject[] = [
  {
    name: 'netrunner',
    module: netrunner as unknown as AnyGameModule,
    options: () => ({}),
    typeWeights: {},
  },
  {
    name: 'dune',
    module: dune as unknown as AnyGameModule,
    options: (rng) => ({ factions: rng.shuffle(FACTION_IDS).slice(0, 2 + rng.int(5)) }),
    typeWeights: { bribe: 0.1, gift: 0.1 },
  },
];

interface Sizes {
  warmupGames: number;
  games: number;
  /** Every n-th state is a sample for the view figure. */
  sampleEvery: number;
}
const FULL: Sizes = { warmupGames: 30, games: 60, sampleEvery: 5 };
const QUICK: Sizes = { warmupGames: 6, games: 12, sampleEvery: 8 };
const REPLAY_PASSES = 3;
const MAX_ACTIONS = 20_000;

export async function main(options: BenchOptions): Promise<Figures> {
  const sizes = options.quick ? QUICK : FULL;
  progress(
    `dune-apply: ${sizes.games} games each of Dune (2–6 seats) and Netrunner, random self-play` +
      (options.quick ? ' (--quick)' : ''),
  );
  // Warm both up first (V8 compiles in tiers), then play the measured games of each.
  for (const subject of SUBJECTS) {
    for (let g = 0; g < sizes.warmupGames; g++) play(subject, `warm-up:${g}`, sizes.sampleEvery);
  }
  const played = new Map<string, { games: Recorded[]; samples: Sample[] }>();
  for (const subject of SUBJECTS) {
    const games: Recorded[] = [];
    const samples: Sample[] = [];
    for (let g = 0; g < sizes.games; g++) {
      const game = play(subject, `${g}`, sizes.sampleEvery);
      games.push(game.recorded);
      samples.push(...game.samples);
    }
    played.set(subject.name, { games, samples });
    progress(`  ${subject.name}: ${sizes.games} games played`);
  }
  // Apply alone, the two games' passes interleaved so outside load hits both alike.
  const replay = { dune: { actions: 0, ms: 0 }, netrunner: { actions: 0, ms: 0 } };
  for (let pass = 0; pass < REPLAY_PASSES; pass++) {
    for (const subject of SUBJECTS) {
      const r = replayGames(subject.module, played.get(subject.name)!.games);
      replay[subject.name].actions += r.actions;
      replay[subject.name].ms += r.cpuMs;
    }
  }
  const figures: Figures = {};
  for (const subject of SUBJECTS) {
    const { games, samples } = played.get(subject.name)!;
    const actions = games.reduce((sum, g) => sum + g.moves.length, 0);
    const views = viewMicros(subject.module, samples);
    figures[subject.name] = {
      games: games.length,
      actions,
      avgActionsPerGame: round(actions / games.length, 1),
      replayApplyPerCpuSecond: round(
        (replay[subject.name].actions / replay[subject.name].ms) * 1000,
      ),
      viewMicros: round(views.micros, 1),
      viewSamples: views.calls,
    };
  }
  const d = figures['dune'] as Record<string, number>;
  const n = figures['netrunner'] as Record<string, number>;
  figures['duneToNetrunner'] = {
    applyPerCpuSecond: round(d['replayApplyPerCpuSecond']! / n['replayApplyPerCpuSecond']!, 2),
    viewMicros: round(d['viewMicros']! / n['viewMicros']!, 2),
  };
  say();
  table('Dune beside Netrunner (random self-play, same process, after a warm-up)', [
    ...SUBJECTS.map((s): [string, string] => {
      const f = figures[s.name] as Record<string, number>;
      return [
        s.name,
        `${f['games']} games, ${count(f['actions']!)} actions; ` +
          `${count(f['replayApplyPerCpuSecond']!)} applied per CPU-second (apply alone); ` +
          `view ${f['viewMicros']} µs per viewer (every seat and the spectator)`,
      ];
    }),
    [
      'Dune / Netrunner',
      `apply rate × ${(figures['duneToNetrunner'] as Record<string, number>)['applyPerCpuSecond']}, ` +
        `view cost × ${(figures['duneToNetrunner'] as Record<string, number>)['viewMicros']}`,
    ],
  ]);
  return figures;
}

/** One seeded random-legal game: a random decider, a random action type, a random action. */
function play(
  subject: Subject,
  seed: string,
  sampleEvery: number,
): { recorded: Recorded; samples: Sample[] } {
  const { module } = subject;
  const rng = Rng.from(`bench:dune-apply:${subject.name}:${seed}`);
  const options = subject.options(rng);
  const seats = module.seats(options) as string[];
  const first = newGame(module, options, `bench:${seed}`);
  let snapshot = first;
  const moves: Move[] = [];
  const samples: Sample[] = [];
  while (module.outcome(snapshot) === null && moves.length < MAX_ACTIONS) {
    const seat = rng.pick(module.deciders(snapshot));
    const action = pickWeighted(rng, module.legalActions(snapshot, seat), subject.typeWeights);
    snapshot = applyAction(module, snapshot, seat, action);
    moves.push({ seat, action });
    if (moves.length % sampleEvery === 0) samples.push({ snapshot, seats });
  }
  return { recorded: { first, moves, logLength: module.log(snapshot).length }, samples };
}

/** An action type by weight (default 1), then an action of that type. */
function pickWeighted(
  rng: Rng,
  legal: readonly unknown[],
  weights: Readonly<Record<string, number>>,
): unknown {
  const groups = new Map<string, unknown[]>();
  for (const action of legal) {
    const type = String((action as { type?: unknown }).type);
    const group = groups.get(type);
    if (group) group.push(action);
    else groups.set(type, [action]);
  }
  const entries = [...groups];
  const total = entries.reduce((sum, [type]) => sum + (weights[type] ?? 1), 0);
  let r = (rng.int(1_000_000) / 1_000_000) * total;
  for (const [type, group] of entries) {
    r -= weights[type] ?? 1;
    if (r < 0) return rng.pick(group);
  }
  return rng.pick(legal);
}

/** The recorded games replayed with nothing but `applyAction` in the loop; CPU time. */
function replayGames(
  module: AnyGameModule,
  games: readonly Recorded[],
): { actions: number; cpuMs: number } {
  let actions = 0;
  const cpu0 = cpuMs();
  for (const game of games) {
    let s = game.first;
    for (const move of game.moves) s = applyAction(module, s, move.seat, move.action);
    if (module.log(s).length !== game.logLength) throw new Error('a replay diverged');
    actions += game.moves.length;
  }
  return { actions, cpuMs: cpuMs() - cpu0 };
}

/** `view()` for every seat and the spectator over the samples: µs per call. */
function viewMicros(
  module: AnyGameModule,
  samples: readonly Sample[],
): { micros: number; calls: number } {
  let calls = 0;
  const t0 = now();
  for (const { snapshot, seats } of samples) {
    for (const viewer of [...seats, 'spectator']) {
      module.view(snapshot, viewer);
      calls++;
    }
  }
  return { micros: calls > 0 ? ((now() - t0) * 1000) / calls : 0, calls };
}
