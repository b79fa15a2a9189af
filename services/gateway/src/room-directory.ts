import {
  MAX_ROOM_LIST,
  roomOutcomeSchema,
  timeControlSchema,
  type RoomOutcome,
  type TimeControl,
  type RoomSummary as PublicRoomSummary,
  type SeatSummary,
} from '@veil/protocol';
import { GatewayError } from './errors.js';
import type {
  ClaimSeatResult,
  RoomStore,
  RoomSummary as StoredRoomSummary,
  StoredSeat,
} from '@veil/store';

/**
 * What the gateway needs to know of a room besides its live state: its seats (with token hashes,
 * to check a connecting player) and its spectator settings. Read from the store once and kept in
 * a bounded cache. An open seat changes (it gets a token hash once, when a player joins it):
 * this gateway updates its cache as it claims one (`claimSeat`), and reads the room again when a
 * token matches no seat while one is open (`refresh`), since another gateway may have claimed
 * it. A seat whose player left is handed to a bot (docs/protocol.md, "Concede"): a cached meta
 * may still take its old token, and the node, which runs the room, refuses it.
 */
export interface RoomMeta {
  readonly roomId: string;
  readonly game: string;
  readonly seats: Readonly<Record<string, StoredSeat>>;
  readonly spectators: boolean;
  readonly spectatorDelayTurns: number;
  /** The creator fixed the deal with other humans at the table (public, see `isFixedDeal`). */
  readonly fixedDeal: boolean;
  /** The room's time control as created (public: every view shows the clocks), or null. */
  readonly timeControl: TimeControl | null;
}

export interface RoomDirectoryOptions {
  /** Room metas kept in memory (default 10 000). */
  cacheSize?: number;
  /**
   * The version spectators of a delayed room are shown (its node's `publicVersion`), or null
   * when it cannot be had now: the room's summary is then `unavailable` (and left out of a
   * listing). Asked only of a room whose node has recorded none in the store yet; without it
   * such a room has no summary.
   */
  publicVersion?: (roomId: string) => Promise<number | null>;
  /** Spectator sockets watching a room on this gateway (the summaries' `watching`; default 0). */
  watching?: (roomId: string) => number;
}

/**
 * Lobby reads from the store: room metas for authentication and the public summaries of
 * `GET /api/rooms[/:id]`. `connected` in a summary reports the seats `connectedSeats` gives: those
 * with a socket on any gateway (`SeatPresence`).
 */
export class RoomDirectory {
  private readonly cache = new Map<string, RoomMeta>();
  private readonly cacheSize: number;
  private readonly publicVersion: (roomId: string) => Promise<number | null>;
  private readonly watching: (roomId: string) => number;

  constructor(
    private readonly store: RoomStore,
    private readonly connectedSeats: (roomId: string) => ReadonlySet<string>,
    options: RoomDirectoryOptions = {},
  ) {
    this.cacheSize = options.cacheSize ?? 10_000;
    this.publicVersion = options.publicVersion ?? (() => Promise.resolve(null));
    this.watching = options.watching ?? (() => 0);
  }

  /** The room read again from the store (a seat of it may have been joined through another gateway). */
  async refresh(roomId: string): Promise<RoomMeta | null> {
    this.cache.delete(roomId);
    return this.meta(roomId);
  }

  /** Claims an open seat in the store (`RoomStore.claimSeat`), and on success in the cache. */
  async claimSeat(roomId: string, seat: string, tokenHash: string): Promise<ClaimSeatResult> {
    const result = await this.store.claimSeat(roomId, seat, tokenHash);
    if (result === 'claimed') {
      const cached = this.cache.get(roomId);
      if (cached) {
        const seats = { ...cached.seats, [seat]: { kind: 'human' as const, tokenHash } };
        this.cache.set(roomId, { ...cached, seats });
      }
    }
    return result;
  }

  async meta(roomId: string): Promise<RoomMeta | null> {
    const cached = this.cache.get(roomId);
    if (cached) {
      // Refresh its place: the map's order is the eviction order.
      this.cache.delete(roomId);
      this.cache.set(roomId, cached);
      return cached;
    }
    // The row alone: a handshake with a wrong token refreshes this, and must not read the log.
    const room = await this.store.roomRecord(roomId);
    if (!room) return null;
    const options = isRecord(room.options) ? room.options : {};
    const meta: RoomMeta = {
      roomId: room.id,
      game: room.game,
      seats: room.seats,
      spectators: options['spectators'] !== false,
      spectatorDelayTurns:
        typeof options['spectatorDelayTurns'] === 'number' ? options['spectatorDelayTurns'] : 0,
      fixedDeal: options['fixedDeal'] === true,
      timeControl: timeControlSchema.safeParse(options['timeControl']).data ?? null,
    };
    this.cache.set(roomId, meta);
    if (this.cache.size > this.cacheSize) {
      const oldest = this.cache.keys().next().value;
      if (oldest !== undefined) this.cache.delete(oldest);
    }
    return meta;
  }

  async summary(roomId: string): Promise<PublicRoomSummary | null> {
    const stored = await this.store.roomSummary(roomId);
    if (!stored) return null;
    return this.toPublic(stored);
  }

  async list(limit = 50): Promise<PublicRoomSummary[]> {
    // A private room is reached by its links only: never listed. Nor is an abandoned one: no
    // seat ever came, so it has nothing to show and no seat to take (unjoined rooms, the game node).
    const stored = await this.store.listRooms({
      limit: Math.min(limit, MAX_ROOM_LIST),
      listedOnly: true,
      status: LISTED_STATUSES,
    });
    const summaries = await Promise.all(
      stored.map((room) => this.toPublic(room).catch(skipUnavailable)),
    );
    return summaries.filter((s): s is PublicRoomSummary => s !== null);
  }

  private async toPublic(stored: StoredRoomSummary): Promise<PublicRoomSummary | null> {
    const meta = await this.meta(stored.id);
    if (!meta) return null;
    // A delayed room's summary must not tell spectators more than their view does: while it
    // runs, its version is the one spectators are shown (docs/privacy.md), or it has no summary.
    let version = stored.version;
    if (meta.spectatorDelayTurns > 0 && stored.status === 'active') {
      // As its node recorded it; only a room that has recorded none yet is asked for it.
      const shown = stored.publicVersion ?? (await this.publicVersion(stored.id));
      if (shown === null) throw new GatewayError('unavailable');
      version = Math.min(shown, stored.version);
    }
    const connected = this.connectedSeats(stored.id);
    const seats: Record<string, SeatSummary> = {};
    for (const [seat, s] of Object.entries(stored.seats)) {
      seats[seat] =
        s.kind === 'bot'
          ? { type: 'bot', level: s.level as Extract<SeatSummary, { type: 'bot' }>['level'] }
          : {
              type: 'human',
              connected: connected.has(seat),
              ...(s.open === true ? { open: true as const } : {}),
            };
    }
    return {
      roomId: stored.id,
      game: stored.game,
      status: stored.status,
      seats,
      version,
      spectators: meta.spectators,
      spectatorDelayTurns: meta.spectatorDelayTurns,
      watching: meta.spectators ? this.watching(stored.id) : 0,
      createdAt: stored.createdAt.toISOString(),
      ...(meta.fixedDeal ? { fixedDeal: true as const } : {}),
      ...(meta.timeControl ? { timeControl: meta.timeControl } : {}),
      ...publicOutcome(stored, seats),
    };
  }
}

/** The statuses the lobby lists. */
const LISTED_STATUSES = ['waiting', 'active', 'finished'] as const;

/**
 * How the game ended, when the store has it in the protocol's form: a module's `outcome` is
 * public by contract, but a reason that is not a short token, or a winner that is not a seat,
 * would make the whole summary invalid for clients — such an outcome is left out. A room
 * finished before outcomes listed their winners holds `{winner, reason}`: read as a list of one.
 */
function publicOutcome(
  stored: StoredRoomSummary,
  seats: Record<string, SeatSummary>,
): { outcome?: RoomOutcome } {
  const parsed = roomOutcomeSchema.safeParse(withWinnersList(stored.outcome));
  if (!parsed.success) return {};
  const { winners } = parsed.data;
  return winners.every((w) => Object.hasOwn(seats, w)) ? { outcome: parsed.data } : {};
}

function withWinnersList(outcome: unknown): unknown {
  if (typeof outcome !== 'object' || outcome === null || !('winner' in outcome)) return outcome;
  const { winner, ...rest } = outcome as { winner: unknown };
  return { ...rest, winners: winner === null ? [] : [winner] };
}

/** A room whose summary cannot be had now is left out of a listing. */
function skipUnavailable(error: unknown): null {
  if (error instanceof GatewayError && error.code === 'unavailable') return null;
  throw error;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}
