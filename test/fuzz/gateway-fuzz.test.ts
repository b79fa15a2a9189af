import { request } from 'node:http';
import { fileURLToPath } from 'node:url';
import { connectSeat, connectSpectator, createRoom, VeilConnection } from '@veil/client';
import { parlorView, playFirstLegal } from '@veil/gateway/testing';
import { ERROR_CODES, ERROR_HTTP_STATUS, ERROR_MESSAGES, type ErrorCode } from '@veil/protocol';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startProcess, type ManagedProcess } from '../support/index.js';
import { hostileMessage, Prng, type HostileMessage, type Target } from './hostile-messages.js';

// Hostile input at volume (docs/protocol.md, "Errors"): seeded hostile messages through the
// gateway — socket events and HTTP requests, malformed, oversized, deeply nested, with
// prototype-pollution keys, wrong types, illegal actions, stale versions, other seats' and other
// rooms' tokens, spectator actions, guessed hidden cards. The server runs in a process of its own
// (fuzz-server.ts). Afterwards: it is alive, every answer was a code of the closed list with its
// fixed message (so no error carries hidden information), the rooms are byte-identical, nothing
// was added to Object.prototype, and its heap is back near its baseline.
//
// CI runs the short form; the long form is by hand:
//   FUZZ_MESSAGES=100000 npx vitest run test/fuzz/gateway-fuzz.test.ts

const MESSAGES = Number(process.env['FUZZ_MESSAGES'] ?? 3_000);
const SEED = Number(process.env['FUZZ_SEED'] ?? 20_261_206);
const CONCURRENCY = 8;
/** What the server's heap may keep after the run, beyond its baseline (caches warm up). */
const HEAP_SLACK_BYTES = 24 * 1024 * 1024;

const serverEntry = fileURLToPath(new URL('./fuzz-server.ts', import.meta.url));
const repoRoot = fileURLToPath(new URL('../..', import.meta.url));

interface Room {
  readonly roomId: string;
  readonly tokens: Record<'p1' | 'p2', string>;
  readonly seats: Record<'p1' | 'p2', VeilConnection>;
  readonly spectator: VeilConnection;
}

/** Everything a room shows: each seat's and the spectators' view and log, as bytes. */
async function roomBytes(url: string, room: Room): Promise<string> {
  const fresh = [
    await connectSeat({ url, roomId: room.roomId, token: room.tokens.p1, reconnection: false }),
    await connectSeat({ url, roomId: room.roomId, token: room.tokens.p2, reconnection: false }),
    await connectSpectator({ url, roomId: room.roomId, reconnection: false }),
  ];
  // The history log follows the join's view (rooms here are mid-game: it is never empty).
  await Promise.all(
    fresh.map(
      (c) =>
        new Promise<void>((resolve) => {
          if (c.log.length > 0) return resolve();
          const stop = c.onLog(() => (stop(), resolve()));
        }),
    ),
  );
  const bytes = JSON.stringify(fresh.map((c) => ({ view: c.view, log: c.log })));
  for (const c of fresh) c.close();
  return bytes;
}

/**
 * One HTTP request on a connection of its own (no keep-alive: the gateway closes the connection
 * after refusing a body, and a reused one would race that close).
 */
function httpRequest(
  url: URL,
  method: string,
  body: string | undefined,
): Promise<{ status: number; text: string } | { closed: string }> {
  return new Promise((resolve) => {
    const req = request(url, {
      method,
      agent: false,
      headers: body === undefined ? {} : { 'content-type': 'application/json' },
    });
    req.on('error', (error) => resolve({ closed: error.message }));
    req.on('response', (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('error', (error) => resolve({ closed: error.message }));
      res.on('end', () =>
        resolve({ status: res.statusCode ?? 0, text: Buffer.concat(chunks).toString('utf8') }),
      );
    });
    req.end(body);
  });
}

/** The socket without the protocol's types: these messages are not the protocol's. */
function loose(conn: VeilConnection): { emit(event: string, payload: unknown): void } {
  return conn.socket as unknown as { emit(event: string, payload: unknown): void };
}

/** An error exactly as the closed list has it: its code and fixed message, nothing else. */
function closedError(value: unknown): ErrorCode | null {
  if (value === null || typeof value !== 'object') return null;
  const { code, message, ...rest } = value as { code?: unknown; message?: unknown };
  if (Object.keys(rest).length > 0) return null;
  if (!ERROR_CODES.includes(code as ErrorCode)) return null;
  return message === ERROR_MESSAGES[code as ErrorCode] ? (code as ErrorCode) : null;
}

describe('the gateway under hostile input', () => {
  let server: ManagedProcess;
  let url: string;
  const rooms: Room[] = [];
  const before = new Map<string, string>();

  const heap = async (): Promise<{ heap: number; polluted: string[] }> => {
    const seen = server.output().length;
    process.kill(server.pid, 'SIGUSR2');
    for (;;) {
      const match = server
        .output()
        .slice(seen)
        .match(/fuzz-server heap (\d+) polluted (\[.*\])/);
      if (match) return { heap: Number(match[1]), polluted: JSON.parse(match[2] ?? '[]') };
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  };

  beforeAll(async () => {
    server = await startProcess({
      name: 'fuzz-server',
      command: process.execPath,
      args: ['--expose-gc', '--import', 'tsx', serverEntry],
      cwd: repoRoot,
      env: { ...process.env },
    });
    [, url = ''] = await server.waitForOutput(/fuzz-server url (\S+)/, 180_000);
    for (let i = 0; i < 3; i += 1) {
      const created = await createRoom(url, {
        game: 'parlor',
        seats: { p1: { type: 'human' }, p2: { type: 'human' } },
        options: { seed: 100 + i, gameOptions: { turns: 8 } },
      });
      const tokens = { p1: created.seats['p1']?.token ?? '', p2: created.seats['p2']?.token ?? '' };
      const roomId = created.roomId;
      const room: Room = {
        roomId,
        tokens,
        seats: {
          p1: await connectSeat({ url, roomId, token: tokens.p1 }),
          p2: await connectSeat({ url, roomId, token: tokens.p2 }),
        },
        spectator: await connectSpectator({ url, roomId }),
      };
      // Mid-game: a few legal moves first.
      for (let move = 1; move <= 2 + i; move += 1) {
        await playFirstLegal(room.seats);
        await Promise.all(
          [room.seats.p1, room.seats.p2, room.spectator].map((c) =>
            c.waitForView((v) => v.version >= move),
          ),
        );
      }
      rooms.push(room);
    }
    for (const room of rooms) before.set(room.roomId, await roomBytes(url, room));
  }, 240_000);

  afterAll(async () => {
    for (const room of rooms) {
      for (const c of [room.seats.p1, room.seats.p2, room.spectator]) c.close();
    }
    await server?.stop(30_000);
  });

  it(`refuses ${MESSAGES} seeded messages with closed-list errors and changes nothing`, async () => {
    const baseline = await heap();
    const prng = new Prng(SEED);
    const codes: Record<string, number> = {};
    const kinds: Record<string, number> = {};
    const failures: { what: string; sent: string; got: string }[] = [];
    const count = (record: Record<string, number>, key: string) => {
      record[key] = (record[key] ?? 0) + 1;
    };
    // Generated up front, from views as they were: the rooms must not move anyway.
    const messages: { room: Room; message: HostileMessage }[] = [];
    for (let i = 0; i < MESSAGES; i += 1) {
      const room = prng.pick(rooms);
      const view = parlorView(room.spectator.view);
      const decider = (view.deciders[0] ?? 'p1') as 'p1' | 'p2';
      const deciderView = parlorView(room.seats[decider].view);
      const other = rooms.find((r) => r !== room) ?? room;
      const target: Target = {
        roomId: room.roomId,
        version: room.spectator.version ?? 0,
        legal: (deciderView.legalActions ?? []) as Record<string, unknown>[],
        otherRoomToken: other.tokens.p1,
        otherRoomId: other.roomId,
      };
      messages.push({ room, message: hostileMessage(prng, target) });
    }

    const fail = (what: string, sent: unknown, got: unknown) => {
      if (failures.length < 20) {
        failures.push({
          what,
          sent: JSON.stringify(sent)?.slice(0, 200) ?? String(sent),
          got: JSON.stringify(got)?.slice(0, 300) ?? String(got),
        });
      }
    };

    const send = async ({ room, message }: (typeof messages)[number]): Promise<void> => {
      count(kinds, message.what);
      const view = parlorView(room.spectator.view);
      const decider = (view.deciders[0] ?? 'p1') as 'p1' | 'p2';
      const sockets = {
        decider: room.seats[decider],
        waiter: room.seats[decider === 'p1' ? 'p2' : 'p1'],
        spectator: room.spectator,
      };
      switch (message.kind) {
        case 'socket': {
          const reply = await new Promise<unknown>((resolve) => {
            sockets[message.sender].socket
              .timeout(10_000)
              .emit(message.event as 'act', message.payload as never, (err: unknown, r: unknown) =>
                resolve(err ? { noAnswer: true } : r),
              );
          });
          const { ok, error, ...rest } = (reply ?? {}) as { ok?: unknown; error?: unknown };
          const code = closedError(error);
          if (
            ok !== false ||
            Object.keys(rest).length > 0 ||
            code === null ||
            code === 'internal'
          ) {
            fail(message.what, message.payload, reply);
          } else count(codes, code);
          return;
        }
        case 'socket-unknown':
          loose(sockets[message.sender]).emit(message.event, message.payload);
          return;
        case 'socket-oversized': {
          const own = await connectSeat({
            url,
            roomId: room.roomId,
            token: room.tokens[decider],
            reconnection: false,
          });
          const closed = new Promise<void>((resolve) =>
            own.socket.once('disconnect', () => resolve()),
          );
          loose(own).emit('act', message.payload);
          await closed;
          count(codes, 'transport closed');
          return;
        }
        case 'handshake': {
          try {
            const conn = await VeilConnection.open(
              { url, roomId: room.roomId, reconnection: false, connectTimeoutMs: 10_000 },
              message.auth as never,
            );
            conn.close();
            fail(message.what, message.auth, 'accepted');
          } catch (error) {
            const code = (error as { code?: ErrorCode }).code;
            if (!code || code === 'internal' || code === 'timeout')
              fail(message.what, message.auth, code);
            else count(codes, code);
          }
          return;
        }
        case 'http': {
          const res = await httpRequest(new URL(message.path, url), message.method, message.body);
          if ('closed' in res) {
            // The server answers an oversized body at once and closes while it is still sent.
            if ((message.body?.length ?? 0) > 64 * 1024) count(codes, 'http connection closed');
            else fail(message.what, `${message.method} ${message.path}`, res.closed);
            return;
          }
          const text = res.text;
          if (res.status < 400) {
            if (message.method !== 'GET') fail(message.what, message.body, `${res.status} ${text}`);
            else count(codes, `http ${res.status}`);
            return;
          }
          let body: unknown = null;
          try {
            body = JSON.parse(text);
          } catch {
            // Not JSON: a failure below.
          }
          const { error, ...rest } = (body ?? {}) as { error?: unknown };
          const code = closedError(error);
          const statusFits =
            code !== null &&
            (res.status === ERROR_HTTP_STATUS[code] ||
              (code === 'bad_request' && [404, 405].includes(res.status)));
          if (code === null || code === 'internal' || Object.keys(rest).length > 0 || !statusFits) {
            fail(message.what, `${message.method} ${message.path}`, `${res.status} ${text}`);
          } else count(codes, code);
          return;
        }
      }
    };

    let next = 0;
    await Promise.all(
      Array.from({ length: CONCURRENCY }, async () => {
        while (next < messages.length) {
          const item = messages[next];
          next += 1;
          if (item) await send(item);
        }
      }),
    );

    // Alive, and every room byte for byte as it was.
    expect((await fetch(new URL('/healthz', url))).status).toBe(200);
    expect(server.exitInfo()).toBeUndefined();
    for (const room of rooms) {
      expect(await roomBytes(url, room), room.roomId).toBe(before.get(room.roomId));
    }
    const after = await heap();
    console.log(
      JSON.stringify({
        fuzz: { seed: SEED, messages: MESSAGES, kinds, codes, failures: failures.length },
        heap: { baseline: baseline.heap, after: after.heap },
      }),
    );
    expect(failures).toEqual([]);
    expect(after.polluted).toEqual([]);
    expect(after.heap - baseline.heap).toBeLessThan(HEAP_SLACK_BYTES);
  }, 1_800_000);
});
