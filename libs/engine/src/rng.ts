import { hmac } from '@noble/hashes/hmac.js';
import { sha256 } from '@noble/hashes/sha2.js';
import { bytesToHex, hexToBytes, utf8ToBytes } from '@noble/hashes/utils.js';
import { keystreamWords, keyWords } from './chacha20.js';

/**
 * The random stream of a game: ChaCha20 (RFC 8439) keystream under a 256-bit key, read as
 * little-endian 32-bit words. Its whole state is plain JSON — the key and how many words were
 * drawn — so it lives inside the game state and a persisted snapshot resumes the exact same
 * sequence. Draws decide hidden information (shuffles, random accesses), so the generator must be
 * cryptographic: from any number of outputs nobody can compute the key or the next output
 * (a small-state generator such as SFC32 can be solved from a few raw outputs, and a 32-bit seed
 * can simply be searched). The key and the state never leave the server (docs/privacy.md).
 *
 * Integer draws use rejection sampling, so `randomInt(rng, n)` has no modulo bias; `shuffle` is
 * Fisher–Yates over those draws. Every exported function is pure: it returns the drawn value(s)
 * and the next state, never mutating.
 */
export interface RngState {
  /** The stream's 256-bit ChaCha20 key, as 64 lowercase hex digits. */
  readonly key: string;
  /** Words drawn so far: the next draw is word `drawn` of the keystream. */
  readonly drawn: number;
}

const TWO_32 = 0x1_0000_0000;
const WORDS_PER_BLOCK = 16;
/** Keystream blocks computed at a time: handles are drawn a few at a time. */
const BLOCKS_PER_CALL = 4;
const WORDS_PER_CALL = WORDS_PER_BLOCK * BLOCKS_PER_CALL;
/**
 * RFC 8439's block counter is 32 bits, and the reference cipher refuses its last value: 2^32 - 4
 * blocks of 16 words each, in whole calls.
 */
const MAX_WORDS = (TWO_32 - BLOCKS_PER_CALL) * WORDS_PER_BLOCK;

/**
 * The stream named `stream` of a seed. The key is HMAC-SHA-256(seed, "veil/rng/" + stream): the
 * whole seed counts (a room's seed is 32 bytes from the OS CSPRNG — 256 bits, never reduced),
 * and two streams of one seed are independent of each other (a game's shuffles and its opaque
 * handles use different streams). Numbers are taken as their decimal text.
 */
export function seedRng(seed: number | string, stream = 'rules'): RngState {
  const key = hmac(sha256, utf8ToBytes(String(seed)), utf8ToBytes(`veil/rng/${stream}`));
  return { key: bytesToHex(key), drawn: 0 };
}

/**
 * Reads words of one stream in order, keeping the current keystream blocks so that consecutive
 * draws cost one ChaCha20 call per 64 words. Its position is set by whoever uses it (`seek`):
 * the blocks it keeps depend on the key alone, so states that carry the same reader (see
 * `DrawnState`) never disturb each other's draws.
 */
class WordReader {
  private readonly key: Uint32Array;
  private drawn: number;
  /** Keystream words `blockIndex * WORDS_PER_CALL` onwards (filled on first need). */
  private readonly block = new Uint32Array(WORDS_PER_CALL);
  private blockIndex = -1;

  constructor(
    private readonly keyHex: string,
    drawn: number,
  ) {
    this.key = keyWords(hexToBytes(keyHex));
    this.drawn = drawn;
  }

  /** Positions the reader at word `drawn` of its stream. */
  seek(drawn: number): this {
    this.drawn = drawn;
    return this;
  }

  next(): number {
    if (this.drawn >= MAX_WORDS) throw new RangeError('rng: stream exhausted');
    const index = Math.floor(this.drawn / WORDS_PER_CALL);
    if (index !== this.blockIndex) {
      keystreamWords(this.key, index * BLOCKS_PER_CALL, BLOCKS_PER_CALL, this.block);
      this.blockIndex = index;
    }
    const word = this.block[this.drawn % WORDS_PER_CALL] as number;
    this.drawn += 1;
    return word;
  }

  /** A uniform integer in [0, n) by rejection sampling. */
  int(n: number): number {
    if (!Number.isInteger(n) || n < 1 || n > TWO_32) {
      throw new RangeError(`randomInt: n must be an integer in [1, 2^32], got ${n}`);
    }
    const limit = TWO_32 - (TWO_32 % n);
    for (;;) {
      const u = this.next();
      if (u < limit) return u % n;
    }
  }

  /** 256 bits of this stream as a new key. */
  childKey(): string {
    const bytes = new Uint8Array(32);
    const data = new DataView(bytes.buffer);
    for (let i = 0; i < 8; i++) data.setUint32(i * 4, this.next(), true);
    return bytesToHex(bytes);
  }

  state(): RngState {
    return { key: this.keyHex, drawn: this.drawn };
  }

  /** The state at the reader's position, carrying the reader for the next pure draw. */
  drawnState(): RngState {
    return new DrawnState(this.keyHex, this.drawn, this);
  }
}

/**
 * A state the pure draws return: the same JSON as any `RngState` (key, drawn; the reader is a
 * private field, invisible to JSON, spreads and comparisons), plus the reader that drew it, so
 * the next draw from it decodes no key and recomputes no block (handles are drawn one at a
 * time). Kept on the state itself: a weak map keyed by the state cost ~10 % of an action.
 */
class DrawnState implements RngState {
  readonly #reader: WordReader;

  constructor(
    readonly key: string,
    readonly drawn: number,
    reader: WordReader,
  ) {
    this.#reader = reader;
  }

  /** The reader positioned at `rng`: the one it carries, else a new one. */
  static readerOf(rng: RngState): WordReader {
    return #reader in rng
      ? (rng as DrawnState).#reader.seek(rng.drawn)
      : new WordReader(rng.key, rng.drawn);
  }
}

/** One raw 32-bit output. */
export function nextUint32(rng: RngState): [number, RngState] {
  const reader = DrawnState.readerOf(rng);
  const word = reader.next();
  return [word, reader.drawnState()];
}

/** A uniform integer in [0, n), 1 ≤ n ≤ 2^32, by rejection sampling (no modulo bias). */
export function randomInt(rng: RngState, n: number): [number, RngState] {
  const reader = DrawnState.readerOf(rng);
  const value = reader.int(n);
  return [value, reader.drawnState()];
}

/** A uniformly random permutation of `items` (Fisher–Yates); the input array is not changed. */
export function shuffle<T>(rng: RngState, items: readonly T[]): [T[], RngState] {
  const reader = DrawnState.readerOf(rng);
  const out = shuffleWith(reader, items);
  return [out, reader.drawnState()];
}

function shuffleWith<T>(reader: WordReader, items: readonly T[]): T[] {
  const out = items.slice();
  for (let i = out.length - 1; i > 0; i--) {
    const j = reader.int(i + 1);
    const tmp = out[i] as T;
    out[i] = out[j] as T;
    out[j] = tmp;
  }
  return out;
}

/** One element chosen uniformly; throws on an empty list. */
export function pick<T>(rng: RngState, items: readonly T[]): [T, RngState] {
  if (items.length === 0) throw new RangeError('pick: empty list');
  const [i, next] = randomInt(rng, items.length);
  return [items[i] as T, next];
}

/** A fresh, independent stream keyed by the next 256 bits of `rng`. */
export function forkRng(rng: RngState): [RngState, RngState] {
  const reader = DrawnState.readerOf(rng);
  const child: RngState = { key: reader.childKey(), drawn: 0 };
  return [child, reader.drawnState()];
}

/**
 * A mutable cursor over the stream, for code that draws many values in a row (AI rollouts, test
 * drivers, a zone's worth of handles). Rules keep the pure form, or read `state` back into the
 * game state when done, so the stream's state stays in the game state.
 */
export class Rng {
  private reader: WordReader;

  constructor(state: RngState) {
    this.reader = new WordReader(state.key, state.drawn);
  }

  static from(seed: number | string): Rng {
    return new Rng(seedRng(seed));
  }

  get state(): RngState {
    return this.reader.state();
  }

  set state(state: RngState) {
    this.reader = new WordReader(state.key, state.drawn);
  }

  uint32(): number {
    return this.reader.next();
  }

  int(n: number): number {
    return this.reader.int(n);
  }

  pick<T>(items: readonly T[]): T {
    if (items.length === 0) throw new RangeError('pick: empty list');
    return items[this.reader.int(items.length)] as T;
  }

  /** A fresh, independent generator state keyed from this stream (e.g. for a sampled state). */
  fork(): RngState {
    return { key: this.reader.childKey(), drawn: 0 };
  }

  shuffle<T>(items: readonly T[]): T[] {
    return shuffleWith(this.reader, items);
  }
}
