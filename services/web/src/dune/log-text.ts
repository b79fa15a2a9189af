import type { DuneView } from '@veil/dune/client';
import { logSentence } from './log-sentences.js';
import { idText, words } from './names.js';
import { semutaLogText } from './semuta.js';

// Pure: one redacted log entry in words (log-sentences.ts for the common events). The entry is
// what the server sent this viewer (its secret part only when it was addressed to this viewer).

function valueText(view: DuneView, value: unknown): string {
  if (value === null || value === undefined) return 'none';
  if (typeof value === 'string') return idText(view, value);
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  if (Array.isArray(value)) return value.map((v) => valueText(view, v)).join(', ') || 'none';
  return Object.entries(value as Record<string, unknown>)
    .map(([k, v]) => `${words(k)} ${valueText(view, v)}`)
    .join('; ');
}

function fieldsText(view: DuneView, data: unknown): string {
  if (!data || typeof data !== 'object') return '';
  return Object.entries(data as Record<string, unknown>)
    .map(([k, v]) => `${words(k)}: ${valueText(view, v)}`)
    .join(', ');
}

/** A Dune log entry as the server sends it (`VisibleLogEntry`), checked loosely. */
export interface DuneLogLine {
  readonly type: string;
  readonly turn: number;
  readonly data?: unknown;
  readonly secret?: unknown;
}

export function isDuneLogLine(value: unknown): value is DuneLogLine {
  if (value === null || typeof value !== 'object') return false;
  const v = value as Record<string, unknown>;
  return typeof v['type'] === 'string' && typeof v['turn'] === 'number';
}

export function logText(view: DuneView, e: DuneLogLine): string {
  const semuta = semutaLogText(e.type, (e.data ?? {}) as Record<string, unknown>);
  if (semuta) return semuta;
  const sentence = logSentence(view, e.type, e.data, e.secret);
  if (sentence) return sentence;
  // An event without a sentence of its own: its fields, named.
  const open = fieldsText(view, e.data);
  const secret = e.secret ? ` (to you: ${fieldsText(view, e.secret)})` : '';
  return `${words(e.type ?? 'event')}${open ? `: ${open}` : ''}${secret}`;
}
