/** Hash routes: the page is static files, and the seat token never reaches a server log. */
export type Route =
  | { readonly page: 'lobby' }
  | {
      readonly page: 'seat';
      readonly roomId: string;
      readonly seat: string;
      readonly token: string | null;
    }
  | { readonly page: 'watch'; readonly roomId: string }
  | {
      readonly page: 'replay';
      readonly roomId: string;
      readonly version: number | null;
      /** Whose view: a seat, or null for the spectators'. */
      readonly viewer: string | null;
    };

export function parseRoute(hash: string): Route {
  const raw = hash.replace(/^#/, '');
  const [path = '', query = ''] = raw.split('?', 2);
  const parts = path
    .split('/')
    .filter((p) => p.length > 0)
    .map(safeDecode);
  const params = new URLSearchParams(query);
  if (parts[0] === 'room' && parts[1]) {
    if (parts[2] === 'seat' && parts[3]) {
      return { page: 'seat', roomId: parts[1], seat: parts[3], token: params.get('token') };
    }
    if (parts[2] === 'watch') return { page: 'watch', roomId: parts[1] };
    if (parts[2] === 'replay') {
      const v = params.get('v');
      return {
        page: 'replay',
        roomId: parts[1],
        version: v !== null && /^[0-9]{1,9}$/.test(v) ? Number(v) : null,
        viewer: params.get('as'),
      };
    }
  }
  return { page: 'lobby' };
}

export function seatHash(roomId: string, seat: string, token?: string): string {
  const path = `#/room/${encodeURIComponent(roomId)}/seat/${encodeURIComponent(seat)}`;
  return token ? `${path}?token=${encodeURIComponent(token)}` : path;
}

export function watchHash(roomId: string): string {
  return `#/room/${encodeURIComponent(roomId)}/watch`;
}

/** A finished room's replay, at a step (default: the last), as a seat saw it (default: spectators). */
export function replayHash(roomId: string, version?: number, viewer?: string): string {
  const path = `#/room/${encodeURIComponent(roomId)}/replay`;
  const params = new URLSearchParams();
  if (version !== undefined) params.set('v', String(version));
  if (viewer !== undefined && viewer !== 'spectator') params.set('as', viewer);
  const query = params.toString();
  return query ? `${path}?${query}` : path;
}

/** An absolute link to a route of this client (for sharing a seat with the other player). */
export function absoluteLink(hash: string, base: string): string {
  const url = new URL(base);
  url.hash = hash;
  return url.toString();
}

function safeDecode(part: string): string {
  try {
    return decodeURIComponent(part);
  } catch {
    return part;
  }
}
