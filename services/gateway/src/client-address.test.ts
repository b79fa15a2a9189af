import type { IncomingMessage } from 'node:http';
import { describe, expect, it } from 'vitest';
import { clientAddress, clientKey } from './client-address.js';

function request(forwardedFor?: string | string[]): IncomingMessage {
  const headers = forwardedFor === undefined ? {} : { 'x-forwarded-for': forwardedFor };
  return { socket: { remoteAddress: '10.0.0.2' }, headers } as unknown as IncomingMessage;
}

describe('the client address a request is counted against', () => {
  it('is the connecting address with no trusted proxy, whatever X-Forwarded-For says', () => {
    expect(clientAddress(request('203.0.113.9'), 0)).toBe('10.0.0.2');
    expect(clientAddress(request(), 0)).toBe('10.0.0.2');
  });

  it('is the entry as many from the right as there are trusted proxies', () => {
    // Written by the client, then by two proxies: "spoofed, client, first proxy".
    const header = '198.51.100.1, 203.0.113.9, 192.0.2.4';
    expect(clientAddress(request(header), 1)).toBe('192.0.2.4');
    expect(clientAddress(request(header), 2)).toBe('203.0.113.9');
    expect(clientAddress(request(['198.51.100.1', '203.0.113.9,2001:db8::7']), 1)).toBe(
      '2001:db8:0:0::/64',
    );
  });

  it('counts an IPv6 address by its /64 network, and an IPv4 one as it is', () => {
    // Two addresses of one network are one client; another network is another.
    expect(clientKey('2001:db8:1:2::7')).toBe('2001:db8:1:2::/64');
    expect(clientKey('2001:0db8:0001:0002:ffff:1:2:3')).toBe('2001:db8:1:2::/64');
    expect(clientKey('2001:db8:1:3::7')).toBe('2001:db8:1:3::/64');
    expect(clientKey('2001:db8::1:2:3:4')).toBe('2001:db8:0:0::/64');
    expect(clientKey('::1')).toBe('0:0:0:0::/64');
    expect(clientKey('fe80::1%eth0')).toBe('fe80:0:0:0::/64');
    expect(clientKey('64:ff9b::192.0.2.1')).toBe('64:ff9b:0:0::/64');
    // IPv4, and IPv4 as a dual-stack socket reports it.
    expect(clientKey('203.0.113.9')).toBe('203.0.113.9');
    expect(clientKey('::ffff:203.0.113.9')).toBe('203.0.113.9');
    expect(clientKey('unknown')).toBe('unknown');
  });

  it('is the connecting address when the header is missing, too short or not an address there', () => {
    expect(clientAddress(request(), 1)).toBe('10.0.0.2');
    expect(clientAddress(request('203.0.113.9'), 2)).toBe('10.0.0.2');
    expect(clientAddress(request('203.0.113.9, unknown'), 1)).toBe('10.0.0.2');
    expect(clientAddress(request(''), 1)).toBe('10.0.0.2');
  });
});
