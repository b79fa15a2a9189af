import { protocolError } from '@veil/protocol';
import { describe, expect, it } from 'vitest';
import { newRequestId } from './connection.js';
import { VeilError } from './errors.js';
import { createRoom, getRoom, listRooms } from './http.js';

/** A `fetch` that answers every call with one status and JSON body, and records the calls. */
function fakeFetch(status: number, body: unknown, calls: Request[] = []): typeof fetch {
  return async (input, init) => {
    calls.push(new Request(input, init));
    return new Response(JSON.stringify(body), {
      status,
      headers: { 'content-type': 'application/json' },
    });
  };
}

const summary = {
  roomId: 'r1',
  game: 'parlor',
  status: 'waiting',
  seats: { p1: { type: 'human', connected: false }, p2: { type: 'bot', level: 'random' } },
  version: 0,
  spectators: true,
  spectatorDelayTurns: 0,
  watching: 0,
  createdAt: '2026-01-01T00:00:00.000Z',
};

describe('lobby calls', () => {
  it('posts a room request as JSON and returns the validated answer', async () => {
    const calls: Request[] = [];
    const answer = { roomId: 'r1', seats: { p1: { token: 'A'.repeat(43) } } };
    const created = await createRoom(
      'http://gw.test',
      { game: 'parlor', seats: { p1: { type: 'human' } } },
      { fetch: fakeFetch(201, answer, calls) },
    );
    expect(created).toEqual(answer);
    expect(calls[0]?.method).toBe('POST');
    expect(calls[0]?.url).toBe('http://gw.test/api/rooms');
    expect(await calls[0]?.json()).toEqual({ game: 'parlor', seats: { p1: { type: 'human' } } });
  });

  it('lists rooms and reads one', async () => {
    expect(
      await listRooms('http://gw.test', { fetch: fakeFetch(200, { rooms: [summary] }) }),
    ).toEqual([summary]);
    const calls: Request[] = [];
    expect(
      await getRoom('http://gw.test', 'r1', { fetch: fakeFetch(200, summary, calls) }),
    ).toEqual(summary);
    expect(calls[0]?.url).toBe('http://gw.test/api/rooms/r1');
  });

  it('turns an error answer into a VeilError with its code and status', async () => {
    const error = await getRoom('http://gw.test', 'r9', {
      fetch: fakeFetch(404, { error: protocolError('room_not_found') }),
    }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(VeilError);
    expect(error).toMatchObject({ code: 'room_not_found', status: 404 });
  });

  it('refuses an answer that does not match the protocol', async () => {
    const error = await listRooms('http://gw.test', {
      fetch: fakeFetch(200, { rooms: [{ roomId: 'r1' }] }),
    }).catch((e: unknown) => e);
    expect(error).toMatchObject({ code: 'internal' });
  });

  it('reports an unreachable gateway as unavailable', async () => {
    const failing: typeof fetch = () => Promise.reject(new TypeError('fetch failed'));
    const error = await listRooms('http://gw.test', { fetch: failing }).catch((e: unknown) => e);
    expect(error).toMatchObject({ code: 'unavailable' });
  });
});

describe('request ids', () => {
  it('are 128-bit hex strings, fresh each time', () => {
    const a = newRequestId();
    expect(a).toMatch(/^[0-9a-f]{32}$/);
    expect(newRequestId()).not.toBe(a);
  });
});
