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
 * the operator described. An IPv6 address counts by its /64 network (`clientKey`).
 */
export function clientAddress(req: IncomingMessage, trustedProxies: number): string {
  const connecting = clientKey(req.socket.remoteAddress ?? 'unknown');
  if (trustedProxies <= 0) return connecting;
  const header = req.headers['x-forwarded-for'];
  // Repeated headers are one list, in order (RFC 9110, 5.3).
  const text = Array.isArray(header) ? header.join(',') : header;
  if (!text) return connecting;
  const entries = text.split(',');
  const entry = entries[entries.length - Math.min(trustedProxies, MAX_TRUSTED_PROXIES)]?.trim();
  return entry && isIP(entry) !== 0 ? clientKey(entry) : connecting;
}

/**
 * The key an address is counted under: an IPv4 address as it is (an IPv4-mapped IPv6 one as its
 * IPv4 address); an IPv6 address by its first 64 bits, `2001:db8:1:2::/64` — one subscriber's
 * network, whose other 2^64 addresses would otherwise each get a fresh allowance.
 */
export function clientKey(address: string): string {
  const plain = address.split('%')[0] ?? address;
  if (isIP(plain) !== 6) return address;
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(plain);
  if (mapped) return mapped[1] as string;
  const [head = '', tail] = plain.split('::');
  const groups = (part: string) => (part === '' ? [] : part.split(':'));
  // An embedded IPv4 tail is the last 32 bits: never part of the /64.
  const left = groups(head);
  const right = tail === undefined ? [] : groups(tail);
  const missing = 8 - left.length - right.length - (plain.includes('.') ? 1 : 0);
  const full = [...left, ...Array<string>(Math.max(0, missing)).fill('0'), ...right];
  const prefix = full.slice(0, 4).map((g) => parseInt(g, 16).toString(16));
  return `${prefix.join(':')}::/64`;
}
