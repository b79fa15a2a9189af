import type {
  AnyGameModule,
  GameSnapshot,
  OptionsOf,
  SeatOf,
  StateOf,
  Viewer,
} from '../game-module.js';
import { nextUint32, type RngState } from '../rng.js';
import { observe, OBSERVATION_PARTS } from './observe.js';
import { playRandom } from './random-play.js';

/**
 * The rules' random stream decides hidden information (the deal, random accesses). A viewer
 * who could read any of its outputs could search or solve for the rest, so no output — nor a
 * simple encoding of one — may appear in anything a viewer observes. This check plays seeded
 * random games, computes every output the rules' streams drew (and the next `lookahead` words of
 * each), and scans every viewer's observation (view, legal actions, log, windows, deciders) for:
 * a number equal to an output or to its low 31 bits; and a word of a string read as
 * decimal, hexadecimal (also 8-digit windows of longer hex runs) or base 36 (also without a
 * one-letter prefix, the shape of an opaque handle). Small values (< 2^16) are not compared: a
 * credit count equal to some small output would be a false alarm, not a leak.
 */
export interface StreamExposureConfig<M extends AnyGameModule> {
  readonly module: M;
  readonly options: OptionsOf<M>;
  /** The rules' random streams in a state (not the stream of opaque handles: those are shown). */
  readonly streams: (snapshot: GameSnapshot<StateOf<M>>) => readonly RngState[];
  /** Default: every seat and `spectator`. */
  readonly viewers?: readonly Viewer<SeatOf<M>>[];
  readonly games?: number;
  readonly maxSteps?: number;
  /** Check every `stride`-th state of a game (and its last). */
  readonly stride?: number;
  /** Words after the last drawn one that count as outputs too (a draw about to be made). */
  readonly lookahead?: number;
  readonly seed?: number;
}

export interface StreamExposureReport {
  readonly statesChecked: number;
  readonly outputsKnown: number;
}

const SMALLEST_COMPARED = 0x1_0000;

export function checkNoStreamExposure<M extends AnyGameModule>(
  config: StreamExposureConfig<M>,
): StreamExposureReport {
  const { module, options } = config;
  const viewers =
    config.viewers ?? ([...module.seats(options), 'spectator'] as Viewer<SeatOf<M>>[]);
  const stride = Math.max(1, config.stride ?? 1);
  const lookahead = config.lookahead ?? 256;
  let statesChecked = 0;
  let outputsKnown = 0;
  for (let game = 0; game < (config.games ?? 5); game++) {
    const gameSeed = (config.seed ?? 1) + game;
    const { snapshots } = playRandom(module, options, gameSeed, config.maxSteps ?? 200);
    const outputs = streamOutputs(
      snapshots.flatMap((s) => config.streams(s)),
      lookahead,
    );
    outputsKnown += outputs.size;
    snapshots.forEach((snapshot, step) => {
      if (step % stride !== 0 && step !== snapshots.length - 1) return;
      for (const viewer of viewers) {
        statesChecked++;
        const observation = observe(module, snapshot, viewer);
        for (const part of OBSERVATION_PARTS) {
          const found = exposedOutput(JSON.parse(observation[part]) as unknown, outputs);
          if (found !== null) {
            throw new Error(
              `stream exposure: ${viewer}'s ${part} shows ${JSON.stringify(found)}, an output of the rules' random stream (game seed ${gameSeed}, step ${step})`,
            );
          }
        }
      }
    });
  }
  if (outputsKnown === 0) {
    throw new Error('stream exposure: the games drew nothing — the check would prove nothing');
  }
  return { statesChecked, outputsKnown };
}

/** Every word each stream drew, and `lookahead` more, with their simple encodings. */
function streamOutputs(streams: readonly RngState[], lookahead: number): Set<number> {
  const furthest = new Map<string, number>();
  for (const s of streams) furthest.set(s.key, Math.max(furthest.get(s.key) ?? 0, s.drawn));
  const values = new Set<number>();
  for (const [key, drawn] of furthest) {
    let state: RngState = { key, drawn: 0 };
    for (let i = 0; i < drawn + lookahead; i++) {
      const [word, next] = nextUint32(state);
      state = next;
      for (const v of [word, word & 0x7fff_ffff]) {
        if (v >= SMALLEST_COMPARED) values.add(v);
      }
    }
  }
  return values;
}

/** The first number or string in `value` that reads as one of `outputs`, or `null`. */
function exposedOutput(value: unknown, outputs: ReadonlySet<number>): unknown {
  if (typeof value === 'number') return outputs.has(value) ? value : null;
  if (typeof value === 'string') return readings(value).some((n) => outputs.has(n)) ? value : null;
  if (Array.isArray(value)) {
    for (const item of value) {
      const found = exposedOutput(item, outputs);
      if (found !== null) return found;
    }
    return null;
  }
  if (value !== null && typeof value === 'object') {
    for (const [key, item] of Object.entries(value)) {
      const found = exposedOutput(key, outputs) ?? exposedOutput(item, outputs);
      if (found !== null) return found;
    }
  }
  return null;
}

/** The integers a string's alphanumeric words could encode. */
function readings(text: string): number[] {
  const out: number[] = [];
  for (const word of text.toLowerCase().match(/[0-9a-z]+/g) ?? []) {
    for (const w of [word, word.slice(1)]) {
      if (w.length === 0) continue;
      if (/^[0-9]+$/.test(w)) out.push(Number(w));
      if (/^[0-9a-f]+$/.test(w)) {
        if (w.length <= 8) out.push(parseInt(w, 16));
        else for (let i = 0; i + 8 <= w.length; i++) out.push(parseInt(w.slice(i, i + 8), 16));
      }
      if (w.length <= 7) out.push(parseInt(w, 36));
    }
  }
  return out;
}
