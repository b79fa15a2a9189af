/**
 * ChaCha20's keystream (RFC 8439, section 2.3: zero nonce, block counter from `counter`) as
 * 32-bit words, written straight into the caller's buffer. The rules' random stream (rng.ts)
 * reads only words; @noble/ciphers' `chacha20` (used for the key schedule's hashes and by the
 * tests as the reference) checks its arguments, copies the key and returns fresh bytes on every
 * call, which cost as much as the blocks themselves in a Netrunner action. rng.test.ts checks
 * the words here against `chacha20` block by block.
 */

/** A 256-bit key as the eight little-endian words ChaCha20's state holds. */
export function keyWords(key: Uint8Array): Uint32Array {
  if (key.length !== 32) throw new RangeError('chacha20: the key must be 32 bytes');
  const view = new DataView(key.buffer, key.byteOffset, 32);
  const words = new Uint32Array(8);
  for (let i = 0; i < 8; i++) words[i] = view.getUint32(i * 4, true);
  return words;
}

/**
 * Blocks `counter` … `counter + blocks - 1` of the keystream of `key` into `out` (16 words each,
 * each word read as little-endian from the keystream bytes).
 */
export function keystreamWords(
  key: Uint32Array,
  counter: number,
  blocks: number,
  out: Uint32Array,
): void {
  const k0 = key[0] as number;
  const k1 = key[1] as number;
  const k2 = key[2] as number;
  const k3 = key[3] as number;
  const k4 = key[4] as number;
  const k5 = key[5] as number;
  const k6 = key[6] as number;
  const k7 = key[7] as number;
  for (let b = 0; b < blocks; b++) {
    const n = (counter + b) | 0;
    // "expand 32-byte k", the key, the counter, a zero nonce.
    let x0 = 0x61707865;
    let x1 = 0x3320646e;
    let x2 = 0x79622d32;
    let x3 = 0x6b206574;
    let x4 = k0;
    let x5 = k1;
    let x6 = k2;
    let x7 = k3;
    let x8 = k4;
    let x9 = k5;
    let x10 = k6;
    let x11 = k7;
    let x12 = n;
    let x13 = 0;
    let x14 = 0;
    let x15 = 0;
    // prettier-ignore
    for (let round = 0; round < 10; round++) {
      // Column rounds.
      x0 = (x0 + x4) | 0; x12 = rotl(x12 ^ x0, 16); x8 = (x8 + x12) | 0; x4 = rotl(x4 ^ x8, 12);
      x0 = (x0 + x4) | 0; x12 = rotl(x12 ^ x0, 8); x8 = (x8 + x12) | 0; x4 = rotl(x4 ^ x8, 7);
      x1 = (x1 + x5) | 0; x13 = rotl(x13 ^ x1, 16); x9 = (x9 + x13) | 0; x5 = rotl(x5 ^ x9, 12);
      x1 = (x1 + x5) | 0; x13 = rotl(x13 ^ x1, 8); x9 = (x9 + x13) | 0; x5 = rotl(x5 ^ x9, 7);
      x2 = (x2 + x6) | 0; x14 = rotl(x14 ^ x2, 16); x10 = (x10 + x14) | 0; x6 = rotl(x6 ^ x10, 12);
      x2 = (x2 + x6) | 0; x14 = rotl(x14 ^ x2, 8); x10 = (x10 + x14) | 0; x6 = rotl(x6 ^ x10, 7);
      x3 = (x3 + x7) | 0; x15 = rotl(x15 ^ x3, 16); x11 = (x11 + x15) | 0; x7 = rotl(x7 ^ x11, 12);
      x3 = (x3 + x7) | 0; x15 = rotl(x15 ^ x3, 8); x11 = (x11 + x15) | 0; x7 = rotl(x7 ^ x11, 7);
      // Diagonal rounds.
      x0 = (x0 + x5) | 0; x15 = rotl(x15 ^ x0, 16); x10 = (x10 + x15) | 0; x5 = rotl(x5 ^ x10, 12);
      x0 = (x0 + x5) | 0; x15 = rotl(x15 ^ x0, 8); x10 = (x10 + x15) | 0; x5 = rotl(x5 ^ x10, 7);
      x1 = (x1 + x6) | 0; x12 = rotl(x12 ^ x1, 16); x11 = (x11 + x12) | 0; x6 = rotl(x6 ^ x11, 12);
      x1 = (x1 + x6) | 0; x12 = rotl(x12 ^ x1, 8); x11 = (x11 + x12) | 0; x6 = rotl(x6 ^ x11, 7);
      x2 = (x2 + x7) | 0; x13 = rotl(x13 ^ x2, 16); x8 = (x8 + x13) | 0; x7 = rotl(x7 ^ x8, 12);
      x2 = (x2 + x7) | 0; x13 = rotl(x13 ^ x2, 8); x8 = (x8 + x13) | 0; x7 = rotl(x7 ^ x8, 7);
      x3 = (x3 + x4) | 0; x14 = rotl(x14 ^ x3, 16); x9 = (x9 + x14) | 0; x4 = rotl(x4 ^ x9, 12);
      x3 = (x3 + x4) | 0; x14 = rotl(x14 ^ x3, 8); x9 = (x9 + x14) | 0; x4 = rotl(x4 ^ x9, 7);
    }
    // The rounds' result plus the input state (a Uint32Array stores each sum modulo 2^32).
    const at = b * 16;
    out[at] = x0 + 0x61707865;
    out[at + 1] = x1 + 0x3320646e;
    out[at + 2] = x2 + 0x79622d32;
    out[at + 3] = x3 + 0x6b206574;
    out[at + 4] = x4 + k0;
    out[at + 5] = x5 + k1;
    out[at + 6] = x6 + k2;
    out[at + 7] = x7 + k3;
    out[at + 8] = x8 + k4;
    out[at + 9] = x9 + k5;
    out[at + 10] = x10 + k6;
    out[at + 11] = x11 + k7;
    out[at + 12] = x12 + n;
    out[at + 13] = x13;
    out[at + 14] = x14;
    out[at + 15] = x15;
  }
}

function rotl(v: number, n: number): number {
  return (v << n) | (v >>> (32 - n));
}
