import type { Bus, InProcessBroker } from '@veil/bus';
import { canonicalJson } from '@veil/engine';
import { parlor, parlorGame, type ParlorSeat } from '@veil/parlor';
import { AI_QUEUE_GROUP, aiRequestSchema, aiRequestSubject } from '@veil/protocol';
import type { RoomStore } from '@veil/store';
import { describe, expect, it } from 'vitest';
import { startGameNode, type GameNode } from './game-node.js';
import { createLogger } from '@veil/log';
import { loadRoomState } from './room-loading.js';
import { gameRegistry } from './game-registry.js';
import {
  createParlorRoom,
  eventually,
  playFirstLegal,
  TOKEN_HASH,
  useMemoryWorld,
} from './test-support.js';

const games = gameRegistry([parlorGame]);
const botSeats = {
  p1: { kind: 'human', tokenHash: TOKEN_HASH },
  p2: { kind: 'bot', level: 'random' },
} as const;

describe('bot seats', () => {
  let broker: InProcessBroker;
  let store: RoomStore;
  let client: Bus;

  useMemoryWorld((world) => ({ broker, store, client } = world));

  async function nodeWithLog(nodeId: string): Promise<{ node: GameNode; lines: string[] }> {
    const lines: string[] = [];
    const node = await startGameNode({
      nodeId,
      store,
      bus: broker.connect(),
      games,
      // Long enough that a loaded machine does not time out an answered request, short enough
      // that the lost-answer test does not wait long.
      bots: { timeoutMs: 250, attempts: 3 },
      logger: createLogger({}, 'debug', (line) => lines.push(line)),
    });
    return { node, lines };
  }

  /** Plays the human seat until the game is over; the bot answers in between. */
  async function playOut(roomId: string): Promise<number> {
    for (let i = 0; i < 400; i += 1) {
      const { snapshot, version } = await loadRoomState(store, games, roomId);
      if (parlor.outcome(snapshot as never) !== null) return version;
      if (parlor.deciders(snapshot as never).includes('p1')) {
        await playFirstLegal(client, roomId, `human-${i}`, ['end', 'play']);
      } else {
        await eventually(async () => (await loadRoomState(store, games, roomId)).version > version);
      }
    }
    throw new Error('game did not end');
  }

  it('asks the AI workers for a bot seat’s move and plays it like a human’s', async () => {
    const { node, lines } = await nodeWithLog('bots-1');
    // A stand-in worker (services/ai-worker has its own tests): the last legal action it is
    // sent. Each request is checked against the room as stored at that moment (the node waits
    // for the answer, so nothing moves meanwhile): the bot seat's own view and legal actions.
    const mismatches: string[] = [];
    let requests = 0;
    const worker = await broker.connect().subscribe(
      aiRequestSubject('parlor'),
      async ({ data, respond }) => {
        const request = aiRequestSchema.parse(data);
        requests += 1;
        const { snapshot, version } = await loadRoomState(store, games, request.roomId);
        const seat = request.seat as ParlorSeat;
        const expected = {
          version,
          view: parlor.view(snapshot as never, seat),
          legalActions: parlor.legalActions(snapshot as never, seat),
        };
        const sent = {
          version: request.version,
          view: request.view,
          legalActions: request.legalActions,
        };
        if (canonicalJson(sent) !== canonicalJson(expected)) mismatches.push(canonicalJson(sent));
        const action = request.legalActions[request.legalActions.length - 1];
        respond?.({ ok: true, roomId: request.roomId, version: request.version, action });
      },
      { queue: AI_QUEUE_GROUP },
    );
    await createParlorRoom(client, 'bot-room', { seats: botSeats });
    const finalVersion = await playOut('bot-room');
    const loaded = await store.load('bot-room');
    expect(loaded?.room.status).toBe('finished');
    expect(finalVersion).toBeGreaterThan(2);
    expect(lines.some((l) => l.includes('bot fallback'))).toBe(false);
    expect(requests).toBeGreaterThan(0);
    // The worker gets exactly the seat's projection and legal actions at the asked version.
    expect(mismatches).toEqual([]);
    await worker.unsubscribe();
    await node.stop();
  });

  it('retries a lost answer: the next request of the queue group is answered', async () => {
    const { node, lines } = await nodeWithLog('bots-3');
    let received = 0;
    // Loses the first request it gets (as a worker that died would), answers the later ones.
    const worker = await broker.connect().subscribe(
      aiRequestSubject('parlor'),
      ({ data, respond }) => {
        received += 1;
        if (received === 1) return;
        const request = aiRequestSchema.parse(data);
        const action = request.legalActions[0];
        respond?.({ ok: true, roomId: request.roomId, version: request.version, action });
      },
      { queue: AI_QUEUE_GROUP },
    );
    try {
      await createParlorRoom(client, 'bot-room-3', { seats: botSeats });
      const { version } = await loadRoomState(store, games, 'bot-room-3');
      await playFirstLegal(client, 'bot-room-3', 'hand-over', ['end']);
      await eventually(
        async () => (await loadRoomState(store, games, 'bot-room-3')).version > version + 1,
      );
      const failed = lines.filter((l) => l.includes('bot request failed'));
      expect(failed).toHaveLength(1);
      expect(JSON.parse(failed[0] as string)).toMatchObject({
        attempt: 1,
        error: { code: 'timeout' },
      });
      expect(lines.some((l) => l.includes('bot fallback'))).toBe(false);
    } finally {
      // Gone even when an expectation failed, or it would answer the next test's requests.
      await worker.unsubscribe();
      await node.stop();
    }
  });

  it('falls back to a seeded random legal move after three failed requests, and logs it', async () => {
    const { node, lines } = await nodeWithLog('bots-2');
    // No worker at all: every request fails with no_responders.
    await createParlorRoom(client, 'bot-room-2', { seats: botSeats });
    await playOut('bot-room-2');
    const fallbacks = lines.filter((l) => l.includes('bot fallback'));
    expect(fallbacks.length).toBeGreaterThan(0);
    expect(JSON.parse(fallbacks[0] as string)).toMatchObject({ attempts: 3, seat: 'p2' });
    expect(lines.filter((l) => l.includes('bot request failed')).length).toBe(3 * fallbacks.length);
    await node.stop();
  });
});
