import {
  MAX_LOG_ENTRIES,
  protocolError,
  replayRequestSchema,
  SPECTATOR,
  type ReplayReply,
  type SeatClocks,
  type ViewPayload,
} from '@veil/protocol';
import type { RoomStore } from '@veil/store';
import type { Logger } from '@veil/log';
import type { GameRegistry } from './game-registry.js';
import { ReplayedRoom, type ReplayCache } from './replay-cache.js';
import { RoomLoadError } from './room-loading.js';
import {
  clockSettingsOf,
  initialClock,
  seatClocks,
  storedClock,
  type ClockState,
} from './seat-clock.js';
import { logEntriesSince, viewPayload } from './viewer-payloads.js';

/**
 * Answers `veil.rooms.replay` (docs/protocol.md, "Replay"): a finished room's state at the asked
 * version, rebuilt from the room's first snapshot (version 0) by the same pure stepping that
 * played it, and sent as the spectators' view and log — the game's `view()` and `logView()`, as
 * every outbound byte. Only finished rooms: a room in play would show spectators what their
 * delay holds back, and a seat's view what the other seat may not see; after the game each
 * seat's view may be replayed too (the game is over, as its reveal at the end says). A room with
 * time controls shows each seat's clock as of that version's commit, none running.
 */
export async function replayRoom(
  store: RoomStore,
  games: GameRegistry,
  request: unknown,
  logger: Logger,
  cache?: ReplayCache,
): Promise<ReplayReply> {
  const parsed = replayRequestSchema.safeParse(request);
  if (!parsed.success) return { ok: false, error: protocolError('bad_request') };
  const { roomId } = parsed.data;
  const viewer = parsed.data.viewer ?? SPECTATOR;
  let room = cache?.get(roomId);
  if (room === undefined) {
    let loaded;
    try {
      // A finished room never changes again: only those are replayed (and kept). Its row is
      // read first, so asking for a live room costs that read, not the whole of its log.
      const summary = await store.roomSummary(roomId);
      if (!summary) return { ok: false, error: protocolError('room_not_found') };
      if (summary.status !== 'finished') return { ok: false, error: protocolError('forbidden') };
      // The first snapshot and every event after it (the creation snapshot is always stored).
      loaded = await store.load(roomId, { snapshotBefore: 1 });
    } catch (error) {
      logger.warn('replay load failed', { roomId, error });
      return { ok: false, error: protocolError('unavailable') };
    }
    if (!loaded) return { ok: false, error: protocolError('room_not_found') };
    try {
      room = ReplayedRoom.of(games, loaded);
    } catch (error) {
      if (!(error instanceof RoomLoadError)) throw error;
      logger.error('replay failed', { roomId, code: error.code });
      return { ok: false, error: protocolError(error.refusal) };
    }
    cache?.keep(room);
  }
  const record = room.stored.room;
  const lastVersion = record.version;
  const version = parsed.data.version ?? lastVersion;
  if (version > lastVersion) return { ok: false, error: protocolError('bad_request') };
  if (viewer !== SPECTATOR && !Object.hasOwn(record.seats, viewer)) {
    return { ok: false, error: protocolError('bad_request') };
  }
  const at = room.stateAt(version);
  const module = room.module;
  const options = record.options as { fixedDeal?: unknown } | null;
  const log = logEntriesSince(module, 0, at, viewer);
  const payload = viewPayload(module, roomId, version, at, viewer, {
    fixedDeal: options?.fixedDeal === true,
  });
  const clocks = clocksAt(room, version);
  return {
    ok: true,
    game: module.id,
    lastVersion,
    view: { ...payload, view: withoutLegalActions(payload.view), ...(clocks ? { clocks } : {}) },
    log: log.slice(-MAX_LOG_ENTRIES),
  };
}

/**
 * The clocks as the commit of `version` left them (each event of a clocked room carries them;
 * version 0 is every seat's base time), stopped — and without the seats they still awaited then,
 * which a replay has no one to wait for: null for a room without time controls.
 */
function clocksAt(room: ReplayedRoom, version: number): SeatClocks | null {
  const settings = clockSettingsOf(room.stored.room.options);
  if (!settings) return null;
  let clock: ClockState | null = null;
  for (let v = version; v >= 1 && clock === null; v--) {
    clock = storedClock(room.stored.events[v - 1]?.action);
  }
  clock ??= initialClock(settings, Object.keys(room.stored.room.seats));
  const { remainingMs, running } = seatClocks(clock, [], clock.at);
  return { remainingMs, running };
}

/** A view as a replay shows it: the legal actions of that moment are not for playing now. */
function withoutLegalActions(view: ViewPayload['view']): ViewPayload['view'] {
  if (view === null || typeof view !== 'object' || Array.isArray(view)) return view;
  if (!('legalActions' in view)) return view;
  const { legalActions: _legal, ...rest } = view;
  return rest;
}
