import type { Bus, InProcessBroker } from '@veil/bus';
import { parlorGame } from '@veil/parlor';
import { createLogger } from '@veil/log';
import type { RoomStore } from '@veil/store';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startGameNode, type GameNode } from './game-node.js';
import { gameRegistry } from './game-registry.js';
import { replayRoom } from './room-replay.js';
import { createParlorRoom, memoryWorld } from './test-support.js';

// What a replay request costs before it is refused (docs/protocol.md, "Replay"): only finished
// rooms are replayed, and asking for any other reads its row, never its log.

const games = gameRegistry([parlorGame]);
const logger = createLogger({}, 'error', () => undefined);

describe('replaying a room that is not finished', () => {
  let broker: InProcessBroker;
  let store: RoomStore;
  let client: Bus;
  let node: GameNode;

  beforeAll(async () => {
    ({ broker, store, client } = await memoryWorld());
    node = await startGameNode({ nodeId: 'replay-refusals', store, bus: broker.connect(), games });
    await createParlorRoom(client, 'live-room');
  }, 120_000);

  afterAll(async () => {
    await node?.stop();
    await store?.close();
  });

  /** The store, counting full loads. */
  function counting(): { store: RoomStore; loads: () => number } {
    let loads = 0;
    const wrapped = new Proxy(store, {
      get(target, key, receiver) {
        if (key === 'load') {
          return (...args: Parameters<RoomStore['load']>) => {
            loads += 1;
            return target.load(...args);
          };
        }
        const value: unknown = Reflect.get(target, key, receiver);
        return typeof value === 'function' ? value.bind(target) : value;
      },
    });
    return { store: wrapped, loads: () => loads };
  }

  it('refuses a live room, and an unknown one, without loading any log', async () => {
    const { store: watched, loads } = counting();
    expect(await replayRoom(watched, games, { roomId: 'live-room' }, logger)).toMatchObject({
      ok: false,
      error: { code: 'forbidden' },
    });
    expect(await replayRoom(watched, games, { roomId: 'no-such-room' }, logger)).toMatchObject({
      ok: false,
      error: { code: 'room_not_found' },
    });
    expect(loads()).toBe(0);
  });
});
