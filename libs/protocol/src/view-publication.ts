import { z } from 'zod';
import { logEntrySchema } from './fields.js';
import { MAX_LOG_ENTRIES } from './limits.js';
import { viewPayloadSchema } from './view-payload.js';

/**
 * What a game node publishes on `veil.room.<roomId>.view.<seat|spectator>` after each version:
 * the view payload (forwarded as the socket.io `view` event) plus the log entries that version
 * added, already redacted for that viewer by the game's `logView` (forwarded as a `log` event
 * when not empty). Entries the viewer learns nothing from are left out, not blanked.
 */
export const viewPublicationSchema = viewPayloadSchema.extend({
  log: z.array(logEntrySchema).max(MAX_LOG_ENTRIES),
});

export type ViewPublication = z.infer<typeof viewPublicationSchema>;
