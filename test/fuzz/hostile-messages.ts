// Seeded hostile messages for the gateway fuzz test (gateway-fuzz.test.ts): each one is a socket
// event or an HTTP request that the gateway must refuse with a code of the closed list, changing
// nothing. A message is plain data; the test sends it.

/** A small seeded PRNG (mulberry32): the same seed gives the same messages. */
export class Prng {
  #state: number;
  constructor(seed: number) {
    this.#state = seed >>> 0;
  }
  next(): number {
    let t = (this.#state = (this.#state + 0x6d2b79f5) >>> 0);
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  }
  int(below: number): number {
    return Math.floor(this.next() * below);
  }
  pick<T>(items: readonly T[]): T {
    return items[this.int(items.length)] as T;
  }
}

/** Who sends a socket message: a seat that decides now, a seat that does not, a spectator. */
export type Sender = 'decider' | 'waiter' | 'spectator';

export type HostileMessage =
  | { kind: 'socket'; what: string; sender: Sender; event: string; payload: unknown }
  /** An event no handler takes: nothing may answer it, nor break. */
  | { kind: 'socket-unknown'; what: string; sender: Sender; event: string; payload: unknown }
  /** A socket message over the size limit, sent by the decider on a socket of its own. */
  | { kind: 'socket-oversized'; what: string; payload: unknown }
  /**
   * A handshake with credentials that are not this room's seat's. Always an object: socket.io's
   * own parser closes the transport on any other handshake payload, before the gateway sees it.
   */
  | { kind: 'handshake'; what: string; auth: unknown }
  | { kind: 'http'; what: string; method: string; path: string; body?: string };

/** What the generator knows of the room it aims at (public, or the decider's own view). */
export interface Target {
  readonly roomId: string;
  readonly version: number;
  /** The decider's legal actions (never sent as they are). */
  readonly legal: readonly Record<string, unknown>[];
  /** Another room's seat token, and a token of this room's other seat. */
  readonly otherRoomToken: string;
  readonly otherRoomId: string;
}

const PROTO_KEYS = ['__proto__', 'constructor', 'prototype', 'toString', 'hasOwnProperty'];

/** Lone surrogates included: a string need not be valid UTF-16 to reach the server. */
const ALPHABET = 'abcXYZ019_-.~+/=:*>{}[]"\\\u0000\u202e\ud83d\ude00 ';
const URL_ALPHABET = 'abcXYZ019_-.~+/=:*>{}[]"\\%?#& ';

function randomString(prng: Prng, length: number, alphabet = ALPHABET): string {
  let out = '';
  for (let i = 0; i < length; i += 1) out += alphabet[prng.int(alphabet.length)];
  return out;
}

function randomValue(prng: Prng, depth = 0): unknown {
  switch (prng.int(depth > 2 ? 6 : 8)) {
    case 0:
      return null;
    case 1:
      return prng.pick([0, -1, 1.5, 1e308, -0, Number.MAX_SAFE_INTEGER + 2]);
    case 2:
      return randomString(prng, prng.int(12));
    case 3:
      return prng.next() < 0.5;
    case 4:
      return prng.pick(PROTO_KEYS);
    case 5:
      return prng.int(20);
    case 6:
      return Array.from({ length: prng.int(4) }, () => randomValue(prng, depth + 1));
    default:
      return Object.fromEntries(
        Array.from({ length: prng.int(4) }, () => [
          prng.next() < 0.3 ? prng.pick(PROTO_KEYS) : randomString(prng, 1 + prng.int(6)),
          randomValue(prng, depth + 1),
        ]),
      );
  }
}

/** A JSON text nested `depth` levels deep (arrays or objects). */
function nested(depth: number, object: boolean): string {
  return object
    ? '{"a":'.repeat(depth) + '1' + '}'.repeat(depth)
    : '['.repeat(depth) + ']'.repeat(depth);
}

/** Pollution payloads as the wire delivers them: JSON, parsed with own `__proto__` keys. */
function pollution(prng: Prng): Record<string, unknown> {
  const text = prng.pick([
    '{"__proto__":{"polluted":true}}',
    '{"constructor":{"prototype":{"polluted":true}}}',
    '{"type":"play","__proto__":{"uid":1}}',
    '{"__proto__":null,"type":"draw"}',
  ]);
  return JSON.parse(text) as Record<string, unknown>;
}

/** A legal action changed so that it is no longer legal (checked against every legal one). */
function illegalVariant(prng: Prng, target: Target): Record<string, unknown> {
  const legalTexts = new Set(target.legal.map((a) => JSON.stringify(a)));
  for (;;) {
    const base: Record<string, unknown> =
      target.legal.length > 0 ? { ...prng.pick(target.legal) } : { type: 'draw' };
    const keys = Object.keys(base);
    const roll = prng.int(4);
    if (roll === 0 && keys.length > 0) base[prng.pick(keys)] = randomValue(prng);
    else if (roll === 1) base[randomString(prng, 1 + prng.int(5))] = randomValue(prng);
    else if (roll === 2) base['type'] = prng.pick(['play', 'draw', 'end', 'bury', 'react', 'pass']);
    // A guessed hidden card: Parlor's card ids are small integers.
    else base['card'] = prng.int(16);
    if (!legalTexts.has(JSON.stringify(base))) return base;
  }
}

function requestId(prng: Prng): string {
  return `fz${prng.int(1e9).toString(36)}${prng.int(1e9).toString(36)}`;
}

/** One hostile message for `target`. */
export function hostileMessage(prng: Prng, target: Target): HostileMessage {
  const version = target.version;
  const legalTexts = new Set(target.legal.map((a) => JSON.stringify(a)));
  const act = (what: string, sender: Sender, payload: unknown): HostileMessage => {
    // The decider never sends a legal action at the current version: that would be accepted.
    const p = payload as { version?: unknown; action?: unknown } | null;
    if (
      sender === 'decider' &&
      p !== null &&
      typeof p === 'object' &&
      p.version === version &&
      legalTexts.has(JSON.stringify(p.action))
    ) {
      return {
        kind: 'socket',
        what,
        sender,
        event: 'act',
        payload: { ...p, version: version + 7 },
      };
    }
    return { kind: 'socket', what, sender, event: 'act', payload };
  };
  const legalOrDraw = () =>
    target.legal.length > 0 ? prng.pick(target.legal) : ({ type: 'draw' } as const);
  switch (prng.int(16)) {
    case 0:
      return act('malformed act', prng.pick(['decider', 'waiter'] as const), randomValue(prng));
    case 1: {
      const payload = { version, action: legalOrDraw(), requestId: requestId(prng) } as Record<
        string,
        unknown
      >;
      const keys = Object.keys(payload);
      if (prng.next() < 0.5) delete payload[prng.pick(keys)];
      else payload[prng.pick(keys)] = randomValue(prng);
      return act('wrong types', 'decider', payload);
    }
    case 2:
      return act('deeply nested', 'decider', {
        version,
        action: JSON.parse(nested(50 + prng.int(1_500), prng.next() < 0.5)) as unknown,
        requestId: requestId(prng),
      });
    case 3:
      // Past the socket's 64-KB message limit the transport is closed (rarely: each costs a
      // connection); below it, a large action is refused like any other.
      return prng.next() < 0.1
        ? {
            kind: 'socket-oversized',
            what: 'oversized',
            payload: { version, action: { type: 'x'.repeat(70_000 + prng.int(50_000)) } },
          }
        : act('large', 'decider', {
            version,
            action: { type: 'play', note: 'x'.repeat(10_000 + prng.int(50_000)) },
            requestId: requestId(prng),
          });
    case 4:
      return act(
        'prototype pollution',
        'decider',
        prng.next() < 0.5
          ? pollution(prng)
          : { version, action: pollution(prng), requestId: requestId(prng) },
      );
    case 5:
    case 6:
      return act('illegal action', 'decider', {
        version,
        action: illegalVariant(prng, target),
        requestId: requestId(prng),
      });
    case 7:
      return act('stale version', 'decider', {
        version:
          prng.next() < 0.5 ? Math.max(0, version - 1 - prng.int(5)) : version + 1 + prng.int(5),
        action: legalOrDraw(),
        requestId: requestId(prng),
      });
    case 8:
      return act('not the decider', 'waiter', {
        version,
        action: legalOrDraw(),
        requestId: requestId(prng),
      });
    case 9:
      return act('spectator action', 'spectator', {
        version,
        action: legalOrDraw(),
        requestId: requestId(prng),
      });
    case 10:
      return {
        kind: 'socket',
        what: 'malformed policy',
        sender: prng.pick(['decider', 'waiter', 'spectator'] as const),
        event: 'policy',
        payload:
          prng.next() < 0.5
            ? randomValue(prng)
            : {
                kind: randomString(prng, 4),
                policy: randomValue(prng),
                requestId: requestId(prng),
              },
      };
    case 11:
      return {
        kind: 'socket-unknown',
        what: 'unknown event',
        sender: prng.pick(['decider', 'waiter', 'spectator'] as const),
        event: prng.pick([
          'join',
          'leave',
          'admin',
          '__proto__',
          'view',
          'error',
          randomString(prng, 5),
        ]),
        payload: randomValue(prng),
      };
    case 12:
      return {
        kind: 'handshake',
        what: 'foreign credentials',
        auth: prng.pick([
          { roomId: target.roomId, token: target.otherRoomToken },
          { roomId: target.otherRoomId, token: randomString(prng, 43) },
          { roomId: target.roomId, token: 'A'.repeat(43) },
          { roomId: '__proto__', spectator: true },
          { roomId: target.roomId, spectator: 'yes' },
          { roomId: randomValue(prng), token: randomValue(prng) },
          { ...pollution(prng), roomId: target.roomId },
        ]),
      };
    case 13:
      return {
        kind: 'http',
        what: 'malformed room creation',
        method: 'POST',
        path: '/api/rooms',
        body: prng.pick([
          JSON.stringify(randomValue(prng)),
          '{"game":',
          nested(2_000 + prng.int(10_000), true),
          JSON.stringify({ game: 'parlor', seats: { p1: { type: 'bot', level: 'wizard' } } }),
          JSON.stringify({ game: '../../etc', seats: {} }),
          '{"__proto__":{"admin":true},"game":"parlor"}',
          JSON.stringify({ game: 'parlor', seats: randomValue(prng), options: randomValue(prng) }),
          'x'.repeat(70_000 + prng.int(1_000_000)),
        ]),
      };
    case 14:
      return {
        kind: 'http',
        what: 'room lookups',
        method: prng.pick(['GET', 'GET', 'PUT', 'DELETE', 'PATCH']),
        path: prng.pick([
          `/api/rooms/${encodeURIComponent(randomString(prng, 1 + prng.int(20), URL_ALPHABET))}`,
          `/api/rooms/${target.otherRoomId}x`,
          '/api/rooms/__proto__',
          `/api/rooms?limit=${encodeURIComponent(randomString(prng, 4, URL_ALPHABET))}`,
          '/api/rooms/%E0%A4%A',
          `/api/${encodeURIComponent(randomString(prng, 6, URL_ALPHABET))}`,
        ]),
      };
    default:
      return act('guessed hidden card', prng.pick(['decider', 'waiter'] as const), {
        version,
        action: {
          type: prng.pick(['play', 'react', 'bury']),
          card: prng.int(16),
          kind: prng.pick(['coin', 'gem', 'trap']),
        },
        requestId: requestId(prng),
      });
  }
}
