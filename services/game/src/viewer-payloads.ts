import type { AnyGameModule, GameSnapshot } from '@veil/engine';
import {
  SPECTATOR,
  type RoomOutcome,
  type SeatClocks,
  type ViewPayload,
  type ViewPublication,
} from '@veil/protocol';

/** What a room adds to every payload: a fixed deal, and an outcome the rules did not make. */
export interface RoomMarks {
  readonly fixedDeal?: boolean;
  /** The room's outcome when a seat conceded (the game's own end is in its view). */
  readonly outcome?: RoomOutcome | null;
  /** The seats' clocks now, in a room with time controls (public: who decides is public). */
  readonly clocks?: SeatClocks;
}

/**
 * Everything a viewer receives is built here, and only from the game's `view()` and `logView()`
 * for that viewer (docs/privacy.md): initial sync, every publication, the stale-version answer and
 * bot requests. Nothing else of a snapshot is ever serialized outward.
 */

/**
 * `viewer` is a seat or `'spectator'`; the payload's `seat` is null for spectators. A fixed-deal
 * room's payloads all say so (`fixedDeal: true`), whoever the viewer, and a conceded room's
 * carry its outcome.
 */
export function viewPayload(
  module: AnyGameModule,
  roomId: string,
  version: number,
  snapshot: GameSnapshot<unknown>,
  viewer: string,
  marks: RoomMarks = {},
): ViewPayload {
  return {
    roomId,
    version,
    seat: viewer === SPECTATOR ? null : viewer,
    view: module.view(snapshot, viewer) as ViewPayload['view'],
    ...(marks.fixedDeal ? { fixedDeal: true as const } : {}),
    ...(marks.outcome ? { outcome: { ...marks.outcome } } : {}),
    ...(marks.clocks ? { clocks: marks.clocks } : {}),
  };
}

/** The log entries after the first `seen` of `after`'s log, redacted for `viewer`. */
export function logEntriesSince(
  module: AnyGameModule,
  seen: number,
  after: GameSnapshot<unknown>,
  viewer: string,
): ViewPublication['log'] {
  const log = module.log(after) as readonly unknown[];
  const out: ViewPublication['log'] = [];
  for (let i = seen; i < log.length; i++) {
    const entry = module.logView(log[i], viewer) as ViewPublication['log'][number] | null;
    if (entry !== null) out.push(entry);
  }
  return out;
}

/** A publication for `viewer`: the view of `after`, and the log entries after the first `seen`. */
export function viewPublicationSince(
  module: AnyGameModule,
  roomId: string,
  version: number,
  seen: number,
  after: GameSnapshot<unknown>,
  viewer: string,
  marks: RoomMarks = {},
): ViewPublication {
  return {
    ...viewPayload(module, roomId, version, after, viewer, marks),
    log: logEntriesSince(module, seen, after, viewer),
  };
}
