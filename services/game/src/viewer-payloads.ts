import type { AnyGameModule, GameSnapshot } from '@veil/engine';
import { SPECTATOR, type ViewPayload, type ViewPublication } from '@veil/protocol';

/**
 * Everything a viewer receives is built here, and only from the game's `view()` and `logView()`
 * for that viewer (docs/privacy.md): initial sync, every publication, the stale-version answer and
 * bot requests. Nothing else of a snapshot is ever serialized outward.
 */

/**
 * `viewer` is a seat or `'spectator'`; the payload's `seat` is null for spectators. A fixed-deal
 * room's payloads all say so (`fixedDeal: true`), whoever the viewer.
 */
export function viewPayload(
  module: AnyGameModule,
  roomId: string,
  version: number,
  snapshot: GameSnapshot<unknown>,
  viewer: string,
  fixedDeal = false,
): ViewPayload {
  return {
    roomId,
    version,
    seat: viewer === SPECTATOR ? null : viewer,
    view: module.view(snapshot, viewer) as ViewPayload['view'],
    ...(fixedDeal ? { fixedDeal: true as const } : {}),
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
  fixedDeal = false,
): ViewPublication {
  return {
    ...viewPayload(module, roomId, version, after, viewer, fixedDeal),
    log: logEntriesSince(module, seen, after, viewer),
  };
}
