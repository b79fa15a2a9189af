import {
  rulesVersionStanding,
  restoreGame,
  SharedValues,
  type GameSnapshot,
  type PersistedGame,
} from '@veil/engine';
import type { ErrorCode } from '@veil/protocol';
import type { LoadedRoom as StoredRoom, RoomRecord, RoomStore } from '@veil/store';
import type { GameRegistry, RegisteredGame } from './game-registry.js';
import { applyRoomEvent, isRoomEventRecord } from './room-event.js';
import { storedClock, type ClockState } from './seat-clock.js';

/** A room as a node runs it: its row, its game, and the game state at `version`. */
export interface LoadedRoomState {
  readonly record: RoomRecord;
  readonly game: RegisteredGame;
  readonly snapshot: GameSnapshot<unknown>;
  readonly version: number;
  /** Version of the stored snapshot the replay started from. */
  readonly snapshotVersion: number;
  /** The state before the last replayed event (null when no event was replayed). */
  readonly previousSnapshot: GameSnapshot<unknown> | null;
  /** The seat that conceded, when the room ended so (its last event). */
  readonly conceded: string | null;
  /** That concession was the other player's claim from a seat that was gone (`idle-seat.ts`). */
  readonly claimed: boolean;
  /** The seat whose clock ran out, when the room ended so (its last event). */
  readonly flagged: string | null;
  /** The clock the last replayed event stored (rooms with time controls), if any. */
  readonly clock: ClockState | null;
}

/**
 * Why a room cannot be loaded. The rules this node runs do not play the version the room was
 * stored with (docs/architecture.md, "Rules versions"): `rules_retired`, an older version no
 * rules play any more; `rules_newer`, a newer one, which a newer node plays.
 */
export class RoomLoadError extends Error {
  override readonly name = 'RoomLoadError';
  constructor(
    readonly code:
      'room_not_found' | 'unknown_game' | 'rules_retired' | 'rules_newer' | 'corrupt_log',
    readonly roomId: string,
  ) {
    super(`room ${roomId} cannot be loaded: ${code}`);
  }

  /**
   * The rows fail the same way on every node, every time: no node should try them again until
   * a client asks. (A node without the game, or older than the room, may have a peer that runs it.)
   */
  get permanent(): boolean {
    return this.code === 'corrupt_log' || this.code === 'rules_retired';
  }

  /** What a client is told. */
  get refusal(): ErrorCode {
    if (this.code === 'room_not_found' || this.code === 'rules_retired') return this.code;
    return 'unavailable';
  }
}

/**
 * Loads the latest snapshot and replays the events after it through the same pure stepping that
 * produced them (docs/architecture.md, "The engine": same snapshot + same action ⇒ same next snapshot), so the result is
 * the state at the room's committed version on any node.
 */
export async function loadRoomState(
  store: RoomStore,
  games: GameRegistry,
  roomId: string,
): Promise<LoadedRoomState> {
  const loaded = await store.load(roomId);
  if (!loaded) throw new RoomLoadError('room_not_found', roomId);
  return roomStateOf(games, loaded);
}

/**
 * The interning pool of a node's restored games (`compact`, see the engine's `restoreGame`):
 * one per registry, i.e. per node, so every room a node loads shares equal records.
 */
const sharedByRegistry = new WeakMap<GameRegistry, SharedValues>();

function sharedValuesOf(games: GameRegistry): SharedValues {
  let shared = sharedByRegistry.get(games);
  if (shared === undefined) {
    shared = new SharedValues();
    sharedByRegistry.set(games, shared);
  }
  return shared;
}

/** Sees each state a load goes through: the stored snapshot's, then each replayed event's. */
export type ReplayVisitor = (version: number, snapshot: GameSnapshot<unknown>) => void;

/**
 * The room a node runs from its stored rows (`RoomStore.load`, or what `createRoom` stored):
 * the snapshot restored, then the later events replayed.
 */
export function roomStateOf(
  games: GameRegistry,
  stored: StoredRoom,
  visit?: ReplayVisitor,
): LoadedRoomState {
  const roomId = stored.room.id;
  const game = games.get(stored.room.game);
  if (!game) throw new RoomLoadError('unknown_game', roomId);
  // Replayed under other rules, the log could reach a state its players never saw.
  const standing = rulesVersionStanding(game.module, stored.room.rulesVersion);
  if (standing !== 'played') throw new RoomLoadError(`rules_${standing}`, roomId);
  let snapshot = restoreGame(
    game.module,
    stored.snapshot.snapshot as PersistedGame<unknown>,
    sharedValuesOf(games),
  );
  let version = stored.snapshot.version;
  let previousSnapshot: GameSnapshot<unknown> | null = null;
  let conceded: string | null = null;
  let claimed = false;
  let flagged: string | null = null;
  let clock: ClockState | null = null;
  visit?.(version, snapshot);
  for (const event of stored.events) {
    // Nothing follows a concession or a flag-fall: the room ended there.
    const ended = conceded !== null || flagged !== null;
    if (event.version !== version + 1 || !isRoomEventRecord(event.action) || ended) {
      throw new RoomLoadError('corrupt_log', roomId);
    }
    if (event.action.type === 'concede') {
      conceded = event.seat;
      claimed = event.action.by !== undefined;
    }
    if (event.action.type === 'flag') flagged = event.seat;
    clock = storedClock(event.action) ?? clock;
    previousSnapshot = snapshot;
    try {
      snapshot = applyRoomEvent(game.module, snapshot, event.seat, event.action);
    } catch {
      throw new RoomLoadError('corrupt_log', roomId);
    }
    version = event.version;
    visit?.(version, snapshot);
  }
  return {
    record: stored.room,
    game,
    snapshot,
    version,
    snapshotVersion: stored.snapshot.version,
    previousSnapshot,
    conceded,
    claimed,
    flagged,
    clock,
  };
}
