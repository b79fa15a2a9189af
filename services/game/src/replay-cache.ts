import type { AnyGameModule, GameSnapshot } from '@veil/engine';
import type { LoadedRoom as StoredRoom } from '@veil/store';
import type { GameRegistry } from './game-registry.js';
import { applyRoomEvent, type RoomEventRecord } from './room-event.js';
import { roomStateOf } from './room-loading.js';

/** Versions between two kept states of a replayed room: a step replays at most this many events. */
export const REPLAY_CHECKPOINT_EVERY = 25;
/** Finished rooms a node keeps replayed (the least recently asked goes first). */
export const REPLAY_ROOMS_KEPT = 8;

/** A finished room replayed once: its rows, and its state at every REPLAY_CHECKPOINT_EVERY-th version. */
export class ReplayedRoom {
  private constructor(
    readonly stored: StoredRoom,
    readonly module: AnyGameModule,
    private readonly checkpoints: readonly GameSnapshot<unknown>[],
  ) {}

  /**
   * Steps the whole room once from its first snapshot (`stored` loaded from version 0), keeping
   * the checkpoints. Throws `RoomLoadError` like a load.
   */
  static of(games: GameRegistry, stored: StoredRoom): ReplayedRoom {
    const checkpoints: GameSnapshot<unknown>[] = [];
    const state = roomStateOf(games, stored, (version, snapshot) => {
      if (version % REPLAY_CHECKPOINT_EVERY === 0) checkpoints.push(snapshot);
    });
    return new ReplayedRoom(stored, state.game.module, checkpoints);
  }

  /** The state at `version` (0 to the room's last): the checkpoint below it, stepped on. */
  stateAt(version: number): GameSnapshot<unknown> {
    const index = Math.floor(version / REPLAY_CHECKPOINT_EVERY);
    let snapshot = this.checkpoints[index];
    if (snapshot === undefined) throw new RangeError(`no version ${version}`);
    // Events are stored from version 1 on, one per version: the event of version v is at v - 1.
    for (let v = index * REPLAY_CHECKPOINT_EVERY + 1; v <= version; v++) {
      const event = this.stored.events[v - 1];
      if (event?.version !== v) throw new RangeError(`no event ${v}`);
      snapshot = applyRoomEvent(this.module, snapshot, event.seat, event.action as RoomEventRecord);
    }
    return snapshot;
  }
}

/**
 * The node's finished rooms replayed lately: a finished room never changes, so stepping through
 * its replay steps at most REPLAY_CHECKPOINT_EVERY events a request instead of the whole game,
 * and reads the store once. Owned by the game node (no module state).
 */
export class ReplayCache {
  private readonly rooms = new Map<string, ReplayedRoom>();

  get(roomId: string): ReplayedRoom | undefined {
    const room = this.rooms.get(roomId);
    if (room) {
      // Refresh its place: the map's order is the eviction order.
      this.rooms.delete(roomId);
      this.rooms.set(roomId, room);
    }
    return room;
  }

  keep(room: ReplayedRoom): void {
    this.rooms.set(room.stored.room.id, room);
    if (this.rooms.size > REPLAY_ROOMS_KEPT) {
      const oldest = this.rooms.keys().next().value;
      if (oldest !== undefined) this.rooms.delete(oldest);
    }
  }
}
