import { persistGame } from '@veil/engine';
import { playRandom } from '@veil/engine/testing';
import { netrunner } from '@veil/netrunner';
import type { LoadedRoom } from '@veil/store';
import { describe, expect, it } from 'vitest';
import { gameRegistry } from './game-registry.js';
import { REPLAY_CHECKPOINT_EVERY, ReplayCache, ReplayedRoom } from './replay-cache.js';

/** A finished room's rows as the store would load them from version 0: a seeded random game. */
function storedGame(roomId: string, seed: number) {
  const { snapshots, moves } = playRandom(netrunner, {}, seed, 3000);
  const at = new Date(0);
  const stored: LoadedRoom = {
    room: {
      id: roomId,
      game: 'netrunner',
      rulesVersion: netrunner.rulesVersion,
      options: { seed },
      seats: { corp: { kind: 'bot', level: 'random' }, runner: { kind: 'bot', level: 'random' } },
      status: 'finished',
      version: moves.length,
      leaseOwner: null,
      leaseUntil: null,
      createdAt: at,
      updatedAt: at,
    },
    snapshot: { roomId, version: 0, snapshot: persistGame(snapshots[0]!), createdAt: at },
    events: moves.map((m, i) => ({
      roomId,
      version: i + 1,
      seat: m.seat,
      action: { type: 'act', action: m.action },
      requestId: `r${i}`,
      ack: null,
      createdAt: at,
    })),
  };
  return { stored, snapshots };
}

describe('replayed rooms', () => {
  const games = gameRegistry([netrunner as never]);

  it('gives the state at every version, from the checkpoint below it', () => {
    const { stored, snapshots } = storedGame('room-a', 5);
    expect(snapshots.length).toBeGreaterThan(2 * REPLAY_CHECKPOINT_EVERY);
    const room = ReplayedRoom.of(games, stored);
    // Asked out of order, as a person steps back and forth.
    const versions = [...snapshots.keys()].reverse();
    for (const v of versions) {
      for (const viewer of ['spectator', 'corp'] as const) {
        expect(netrunner.view(room.stateAt(v) as never, viewer)).toEqual(
          netrunner.view(snapshots[v]!, viewer),
        );
      }
    }
    expect(() => room.stateAt(snapshots.length)).toThrow(RangeError);
  });

  it('keeps the rooms replayed last, the least recently asked going first', () => {
    const cache = new ReplayCache();
    const { stored } = storedGame('room-0', 2);
    const rooms = Array.from({ length: 9 }, (_, i) =>
      ReplayedRoom.of(games, { ...stored, room: { ...stored.room, id: `room-${i}` } }),
    );
    for (const room of rooms.slice(0, 8)) cache.keep(room);
    expect(cache.get('room-0')).toBe(rooms[0]);
    cache.keep(rooms[8]!);
    expect(cache.get('room-1')).toBeUndefined();
    expect(cache.get('room-0')).toBe(rooms[0]);
    expect(cache.get('room-8')).toBe(rooms[8]);
  });
});
