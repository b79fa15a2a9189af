import type { AnyGameModule, GameSnapshot } from '@veil/engine';
import type { Logger } from '@veil/log';
import type { RoomStore } from '@veil/store';
import type { GameRegistry } from './game-registry.js';
import { roomStateOf } from './room-loading.js';
import { SpectatorDelay } from './spectator-delay.js';

/** A room just loaded, as far as its spectators' history needs it. */
export interface LoadedForSpectators {
  readonly roomId: string;
  readonly module: AnyGameModule;
  readonly version: number;
  readonly snapshot: GameSnapshot<unknown>;
  /** The stored snapshot the load replayed from. */
  readonly snapshotVersion: number;
}

/** The turn a state is in, or its version for a game without turns (the delay's unit). */
export function spectatorMark(
  module: AnyGameModule,
  snapshot: GameSnapshot<unknown>,
  version: number,
): number {
  return module.turnNumber ? module.turnNumber(snapshot) : version;
}

/**
 * What a room's delayed spectators may be shown once it is loaded (docs/privacy.md). A load starts
 * at the latest snapshot — for a room unloaded while idle, or taken over after a crash, at or
 * near its live version — so the state `delay` turns behind is older than anything the load
 * replayed. It is rebuilt by replaying from earlier snapshots, one stored snapshot further back
 * each time, until a state is far enough behind (the creation snapshot always is). Spectators of
 * a reloaded room are then shown what they were shown before, not told it is `unavailable`.
 *
 * Without a delay, or if the store cannot answer (the history is only missing then: spectators
 * are told `unavailable` until the game has moved on far enough), the history starts at the
 * loaded state.
 */
export async function spectatorHistory(
  store: RoomStore,
  games: GameRegistry,
  room: LoadedForSpectators,
  delay: number,
  logger: Logger,
): Promise<SpectatorDelay> {
  const { module, roomId } = room;
  let history = new SpectatorDelay(delay);
  history.record({
    version: room.version,
    snapshot: room.snapshot,
    mark: spectatorMark(module, room.snapshot, room.version),
  });
  // The load already read the rows from `snapshotVersion` on: a rebuild starts below it (and
  // replays through those rows again). Only a room never snapshotted since its creation has its
  // version-0 rows read a second time.
  let replayFrom = Math.max(1, room.snapshotVersion);
  try {
    while (history.shown() === null && replayFrom > 0) {
      const rows = await store.load(roomId, { snapshotBefore: replayFrom });
      if (!rows) break;
      const rebuilt = new SpectatorDelay(delay);
      roomStateOf(games, rows, (version, snapshot) => {
        // Never past the loaded state (the lease holder is the only writer, but be exact).
        if (version <= room.version) {
          rebuilt.record({ version, snapshot, mark: spectatorMark(module, snapshot, version) });
        }
      });
      history = rebuilt;
      replayFrom = rows.snapshot.version;
    }
  } catch (error) {
    logger.warn('spectator history not rebuilt', { roomId, error });
  }
  return history;
}
