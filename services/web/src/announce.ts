import type { BoardStatus } from './model.js';
import { logSegments } from './model.js';
import type { Viewer } from './labels.js';
import type { StoredLogEntry } from './storage.js';

/**
 * What the board's live region says to a screen reader after an update: the other side's new
 * log lines (every new line for a spectator), then "Your decision" when the viewer has just
 * become the one to decide. Null when there is nothing new to say.
 */
export function announcement(
  viewer: Viewer,
  before: { readonly status: BoardStatus['kind']; readonly lastSeq: number },
  after: { readonly status: BoardStatus; readonly prompt: string },
  log: readonly StoredLogEntry[],
): string | null {
  const lines = log
    .filter((e) => e.seq > before.lastSeq)
    .filter((e) => viewer === 'spectator' || (e.side !== null && e.side !== viewer))
    .map((e) =>
      logSegments(e)
        .map((s) => s.text)
        .join(''),
    );
  const parts = [...lines];
  if (after.status.kind === 'deciding' && before.status !== 'deciding') {
    parts.push(`Your decision: ${after.prompt}`);
  } else if (after.status.kind === 'over' && before.status !== 'over') {
    parts.push(after.status.text);
  }
  return parts.length > 0 ? parts.join(' ') : null;
}

/** The last log sequence number shown (what the next announcement starts after). */
export function lastSeq(log: readonly StoredLogEntry[]): number {
  return log.at(-1)?.seq ?? -1;
}
