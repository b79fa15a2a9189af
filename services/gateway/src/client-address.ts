import type { IncomingMessage } from 'node:http';
import { isIP } from 'node:net';

/** The most `X-Forwarded-For` entries read: more proxies than this in front is a misconfiguration. */
export const MAX_TRUSTED_PROXIES = 16;

/**
 * Who a request is counted against (room creations, seat claims, replays). With no proxy in
 * front of the gateway (`trustedProxies` 0) it is the connecting address, and `X-Forwarded-For`
 * is ignored: any client can write that header. Behind `trustedProxies` proxies that each append
 * the address they were reached from, it is the entry that many from the header's right end —
 * the one the outermost trusted proxy wrote; entries further left came from the client and are
 * never read. A header shorter than that, or an entry that is not an IP address, counts the
 * connecting address (the nearest proxy's): such a request did not come through the proxies
 * the operator described.
 */
export function clientAddress(req: IncomingMessage, trustedProxies: number): string {
  const connecting = req.socket.remoteAddress ?? 'unknown';
  if (trustedProxies <= 0) return connecting;
  const header = req.headers['x-forwarded-for'];
  // Repeated headers are one list, in order (RFC 9110, 5.3).
  const text = Array.isArray(header) ? header.join(',') : header;
  if (!text) return connecting;
  const entries = text.split(',');
  const entry = entries[entries.length - Math.min(trustedProxies, MAX_TRUSTED_PROXIES)]?.trim();
  return entry && isIP(entry) !== 0 ? entry : connecting;
}
