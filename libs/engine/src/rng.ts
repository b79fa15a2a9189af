/**
 * Seeded PRNG whose whole state is plain JSON, so it lives inside the game state and a persisted
 * snapshot resumes the exact same random sequence.
 *
 * Algorithm: SFC32 (Chris Doty-Humphrey's "Small Fast Counting" generator, 128-bit state, period
 * at least 2^32, passes PractRand), seeded by expanding the seed with SplitMix32 and discarding the
 * first 12 outputs. Integer draws use rejection sampling, so `randomInt(rng, n)` has no modulo
 * bias; `shuffle` is Fisher–Yates over those draws.
 *
 * Every function is pure: it returns the drawn value(s) and the next state, never mutating.
 */
export interface RngState {
  readonly a: number;
  readonly b: number;
  readonly c: number;
  readonly d: number;
}

const TWO_32 = 0x1_0000_0000;

/** A string seed is hashed (FNV-1a) to 32 bits first; numbers are taken modulo 2^32. */
export function seedRng(seed: number | string): RngState {
  let x = typeof seed === 'number' ? seed >>> 0 : fnv1a(seed);
  const splitmix = (): number => {
    x = (x + 0x9e3779b9) >>> 0;
    let z = x;
    z = Math.imul(z ^ (z >>> 16), 0x85ebca6b) >>> 0;
    z = Math.imul(z ^ (z >>> 13), 0xc2b2ae35) >>> 0;
    return (z ^ (z >>> 16)) >>> 0;
  };
  let rng: RngState = { a: splitmix(), b: splitmix(), c: splitmix(), d: 1 };
  for (let i = 0; i < 12; i++) rng = nextUint32(rng)[1];
  return rng;
}

function fnv1a(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193) >>> 0;
  }
  return h >>> 0;
}

/** One raw 32-bit output. */
export function nextUint32(rng: RngState): [number, RngState] {
  let { a, b, c, d } = rng;
  const t = (((a + b) >>> 0) + d) >>> 0;
  d = (d + 1) >>> 0;
  a = b ^ (b >>> 9);
  b = (c + (c << 3)) >>> 0;
  c = ((c << 21) | (c >>> 11)) >>> 0;
  c = (c + t) >>> 0;
  return [t, { a: a >>> 0, b, c, d }];
}

/** A uniform integer in [0, n), 1 ≤ n ≤ 2^32, by rejection sampling (no modulo bias). */
export function randomInt(rng: RngState, n: number): [number, RngState] {
  if (!Number.isInteger(n) || n < 1 || n > TWO_32) {
    throw new RangeError(`randomInt: n must be an integer in [1, 2^32], got ${n}`);
  }
  const limit = TWO_32 - (TWO_32 % n);
  let state = rng;
  for (;;) {
    const [u, next] = nextUint32(state);
    state = next;
    if (u < limit) return [u % n, state];
  }
}

/** A uniformly random permutation of `items` (Fisher–Yates); the input array is not changed. */
export function shuffle<T>(rng: RngState, items: readonly T[]): [T[], RngState] {
  const out = items.slice();
  let state = rng;
  for (let i = out.length - 1; i > 0; i--) {
    const [j, next] = randomInt(state, i + 1);
    state = next;
    const tmp = out[i] as T;
    out[i] = out[j] as T;
    out[j] = tmp;
  }
  return [out, state];
}

/** One element chosen uniformly; throws on an empty list. */
export function pick<T>(rng: RngState, items: readonly T[]): [T, RngState] {
  if (items.length === 0) throw new RangeError('pick: empty list');
  const [i, next] = randomInt(rng, items.length);
  return [items[i] as T, next];
}

/**
 * A mutable cursor over the pure functions, for code that draws many values in a row (AI
 * rollouts, test drivers). Rules keep the pure form so the state stays in the game state.
 */
export class Rng {
  constructor(public state: RngState) {}
  static from(seed: number | string): Rng {
    return new Rng(seedRng(seed));
  }
  int(n: number): number {
    const [v, s] = randomInt(this.state, n);
    this.state = s;
    return v;
  }
  pick<T>(items: readonly T[]): T {
    const [v, s] = pick(this.state, items);
    this.state = s;
    return v;
  }
  /** A fresh, independent generator state seeded from this stream (e.g. for a sampled state). */
  fork(): RngState {
    const [seed, s] = nextUint32(this.state);
    this.state = s;
    return seedRng(seed);
  }
  shuffle<T>(items: readonly T[]): T[] {
    const [v, s] = shuffle(this.state, items);
    this.state = s;
    return v;
  }
}
