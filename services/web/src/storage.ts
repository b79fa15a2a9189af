/**
 * What the browser keeps: seat tokens (localStorage, so a seat link without its token, or a
 * reload, resumes the seat). The log is not kept: the gateway sends the viewer's whole log
 * after each connect.
 */

const TOKEN_PREFIX = 'veil.seat.';
const MAX_LOG_LINES = 500;

function store(): Storage | null {
  try {
    return globalThis.localStorage;
  } catch {
    return null;
  }
}

export function savedToken(roomId: string, seat: string): string | null {
  return store()?.getItem(`${TOKEN_PREFIX}${roomId}.${seat}`) ?? null;
}

export function saveToken(roomId: string, seat: string, token: string): void {
  try {
    store()?.setItem(`${TOKEN_PREFIX}${roomId}.${seat}`, token);
  } catch {
    // Storage full or disabled: the link still carries the token.
  }
}

/** Seats this browser holds a token for, per room. */
export function savedSeats(): Map<string, string[]> {
  const out = new Map<string, string[]>();
  const local = store();
  if (!local) return out;
  for (let i = 0; i < local.length; i += 1) {
    const key = local.key(i);
    if (!key?.startsWith(TOKEN_PREFIX)) continue;
    const rest = key.slice(TOKEN_PREFIX.length);
    const dot = rest.lastIndexOf('.');
    if (dot <= 0) continue;
    const roomId = rest.slice(0, dot);
    out.set(roomId, [...(out.get(roomId) ?? []), rest.slice(dot + 1)]);
  }
  return out;
}

export interface StoredLogEntry {
  readonly seq: number;
  readonly turn: number;
  readonly side: string | null;
  readonly text: string;
  readonly cards: readonly { readonly code: string; readonly title: string }[];
}

export function isLogEntry(value: unknown): value is StoredLogEntry {
  if (value === null || typeof value !== 'object') return false;
  const v = value as Record<string, unknown>;
  return (
    typeof v['seq'] === 'number' &&
    typeof v['turn'] === 'number' &&
    typeof v['text'] === 'string' &&
    Array.isArray(v['cards'])
  );
}

/** Adds new entries (by `seq`) and keeps them in order. */
export function mergeLog(
  current: readonly StoredLogEntry[],
  incoming: readonly StoredLogEntry[],
): StoredLogEntry[] {
  const bySeq = new Map(current.map((e) => [e.seq, e]));
  for (const entry of incoming) bySeq.set(entry.seq, entry);
  return [...bySeq.values()].sort((a, b) => a.seq - b.seq).slice(-MAX_LOG_LINES);
}
