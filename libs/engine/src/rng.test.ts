import { chacha20 } from '@noble/ciphers/chacha.js';
import { hexToBytes } from '@noble/hashes/utils.js';
import { describe, expect, it } from 'vitest';
import { nextUint32, randomInt, Rng, seedRng, shuffle } from './rng.js';

describe('seeded PRNG', () => {
  it('is a pure function of its JSON state', () => {
    const a = seedRng(42);
    const restored = JSON.parse(JSON.stringify(a)) as typeof a;
    expect(nextUint32(restored)).toEqual(nextUint32(a));
    expect(seedRng('room-1')).toEqual(seedRng('room-1'));
    expect(seedRng('room-1')).not.toEqual(seedRng('room-2'));
  });

  it('is the ChaCha20 keystream of RFC 8439 (appendix A.1, test vector 1: zero key, nonce, counter)', () => {
    const zero = { key: '00'.repeat(32), drawn: 0 };
    const words: number[] = [];
    let state = zero;
    for (let i = 0; i < 18; i++) {
      const [w, next] = nextUint32(state);
      words.push(w);
      state = next;
    }
    // 76 b8 e0 ad a0 f1 3d 90 … read as little-endian words; word 16 starts block 1.
    expect(words.slice(0, 4).map((w) => w.toString(16))).toEqual([
      'ade0b876',
      '903df1a0',
      'e56a5d40',
      '28bd8653',
    ]);
    expect(words[15]?.toString(16)).toBe('8665eeb2');
    expect(state).toEqual({ key: zero.key, drawn: 18 });
  });

  it('reads the keystream block after block (blocks 0–6 of a key, each computed alone)', () => {
    const state = seedRng('blocks');
    const key = hexToBytes(state.key);
    const expected: number[] = [];
    for (let block = 0; block < 7; block++) {
      const bytes = chacha20(key, new Uint8Array(12), new Uint8Array(64), undefined, block);
      const data = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
      for (let i = 0; i < 16; i++) expected.push(data.getUint32(i * 4, true));
    }
    const cursor = new Rng(state);
    expect(expected.map(() => cursor.uint32())).toEqual(expected);
    // The pure form from a state in the middle of a block.
    let pure = nextUint32(state)[1];
    const rest: number[] = [];
    for (let i = 1; i < expected.length; i++) {
      const [w, next] = nextUint32(pure);
      rest.push(w);
      pure = next;
    }
    expect(rest).toEqual(expected.slice(1));
  });

  it('keys a stream with the whole seed: 256-bit keys, independent named streams', () => {
    const seed = 'f'.repeat(63);
    const a = seedRng(seed + '0');
    const b = seedRng(seed + '1');
    expect(a.key).toMatch(/^[0-9a-f]{64}$/);
    expect(a.key).not.toBe(b.key);
    expect(seedRng(seed, 'rules').key).not.toBe(seedRng(seed, 'handles').key);
    expect(seedRng(seed)).toEqual(seedRng(seed, 'rules'));
  });

  it('keeps the same sequence across versions', () => {
    const rng = Rng.from(42);
    const first = [rng.int(2 ** 32), rng.int(2 ** 32), rng.int(2 ** 32)];
    // Pinned: a change here would make old room logs replay differently (bump rulesVersion).
    expect(first).toEqual([1494189364, 4010335829, 712241361]);
  });

  it('draws the same from a state however it was reached (cursor, pure, JSON, forks)', () => {
    const cursor = Rng.from('same');
    cursor.int(10);
    cursor.int(10);
    const mid = cursor.state;
    const viaCursor = [cursor.int(1000), cursor.int(1000)];
    const parsed = JSON.parse(JSON.stringify(mid)) as typeof mid;
    const [x, s1] = randomInt(parsed, 1000);
    const [y] = randomInt(s1, 1000);
    expect([x, y]).toEqual(viaCursor);
    // Drawing twice from one state object (a replay) gives the same value both times.
    expect(randomInt(s1, 1000)[0]).toBe(y);
    const forked = Rng.from('same').fork();
    expect(forked.drawn).toBe(0);
    expect(forked.key).not.toBe(seedRng('same').key);
    expect(Rng.from('same').fork()).toEqual(forked);
  });

  it('draws the same from an older state after a newer one moved on (states of one stream share a reader)', () => {
    // A replay steps an old state again after later states drew past the next block.
    const [, s1] = nextUint32(seedRng('replayed'));
    const firstTime: number[] = [];
    let state = s1;
    for (let i = 0; i < 20; i++) {
      const [w, next] = nextUint32(state);
      firstTime.push(w);
      state = next;
    }
    const [again] = nextUint32(s1);
    expect(again).toBe(firstTime[0]);
    const [tail] = nextUint32(state);
    const [fromJson] = nextUint32(JSON.parse(JSON.stringify(state)) as typeof state);
    expect(tail).toBe(fromJson);
    expect(JSON.stringify(state)).toBe(JSON.stringify({ key: state.key, drawn: 21 }));
  });

  it('draws integers in range and refuses a bad bound', () => {
    const rng = Rng.from(7);
    for (let i = 0; i < 1000; i++) {
      const v = rng.int(6);
      expect(v).toBeGreaterThanOrEqual(0);
      expect(v).toBeLessThan(6);
    }
    expect(() => randomInt(seedRng(1), 0)).toThrow(RangeError);
    expect(() => randomInt(seedRng(1), 1.5)).toThrow(RangeError);
  });

  it('has no modulo bias: n = 3·2^30 gives [0, 2^30) a third of the time, not a half', () => {
    // With `u % n`, values below 2^32 - n = 2^30 would come up twice as often as the rest.
    const rng = Rng.from('bias');
    const n = 3 * 2 ** 30;
    let low = 0;
    const draws = 30_000;
    for (let i = 0; i < draws; i++) if (rng.int(n) < 2 ** 30) low++;
    expect(low / draws).toBeGreaterThan(0.31);
    expect(low / draws).toBeLessThan(0.36);
  });

  it('shuffles uniformly (chi-square over the 6 orders of 3 items) without mutating', () => {
    const items = ['a', 'b', 'c'] as const;
    const counts = new Map<string, number>();
    let state = seedRng('shuffle');
    const samples = 60_000;
    for (let i = 0; i < samples; i++) {
      const [order, next] = shuffle(state, items);
      state = next;
      counts.set(order.join(''), (counts.get(order.join('')) ?? 0) + 1);
    }
    expect(items).toEqual(['a', 'b', 'c']);
    expect(counts.size).toBe(6);
    const expected = samples / 6;
    const chi2 = [...counts.values()].reduce((sum, c) => sum + (c - expected) ** 2 / expected, 0);
    expect(chi2).toBeLessThan(20.5); // the 0.1% critical value for 5 degrees of freedom
  });
});
