import type { IncomingMessage } from 'node:http';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../config/config.js';
import { clientAddressOf, clientAddressResolver, compileProxyTrust } from './client-address.js';

/** The parts of a request that the resolver reads. */
function request(peer: string | undefined, headers: Record<string, string> = {}): IncomingMessage {
  return { headers, socket: { remoteAddress: peer } } as unknown as IncomingMessage;
}

describe('clientAddressResolver', () => {
  it('without trusted proxies, is the socket peer, whatever the headers say', () => {
    const resolve = clientAddressResolver(compileProxyTrust([]));
    expect(resolve(request('127.0.0.2', { 'x-forwarded-for': '203.0.113.7' }))).toBe('127.0.0.2');
    expect(resolve(request('::ffff:192.0.2.1'))).toBe('::ffff:192.0.2.1');
    expect(resolve(request(undefined))).toBe('');
  });

  it.each<[string, string | undefined, Record<string, string>, string]>([
    ['a listed proxy forwards the client', '127.0.0.2', { 'x-forwarded-for': '203.0.113.7' }, '203.0.113.7'],
    ['a peer that is not listed is the client; its header is ignored', '127.0.0.3', { 'x-forwarded-for': '203.0.113.7' }, '127.0.0.3'],
    ['the listed proxy without the header', '127.0.0.2', {}, '127.0.0.2'],
    ['the listed proxy with an empty header', '127.0.0.2', { 'x-forwarded-for': '' }, '127.0.0.2'],
    // The client put a value of its own first; the proxy appended the address it saw.
    ['the walk stops at the first untrusted hop', '127.0.0.2', { 'x-forwarded-for': '198.51.100.9, 203.0.113.7' }, '203.0.113.7'],
    ['trusted hops are skipped', '10.1.2.3', { 'x-forwarded-for': '198.51.100.9, 203.0.113.7, 10.9.9.9' }, '203.0.113.7'],
    ['every hop trusted: the leftmost', '10.1.2.3', { 'x-forwarded-for': '10.0.0.5,10.0.0.6' }, '10.0.0.5'],
    ['a dual-stack socket spells the listed proxy as IPv4-mapped', '::ffff:127.0.0.2', { 'x-forwarded-for': '203.0.113.7' }, '203.0.113.7'],
    ['an IPv6 client', '127.0.0.2', { 'x-forwarded-for': '2001:db8::1' }, '2001:db8::1'],
    ['an IPv6 proxy in a listed range', '2001:db8:ffff::1', { 'x-forwarded-for': '198.51.100.9' }, '198.51.100.9'],
    ['a socket already closed', undefined, { 'x-forwarded-for': '203.0.113.7' }, ''],
  ])('with trusted proxies: %s', (_case, peer, headers, client) => {
    const resolve = clientAddressResolver(compileProxyTrust(['127.0.0.2', '10.0.0.0/8', '2001:db8:ffff::/48']));
    expect(resolve(request(peer, headers))).toBe(client);
  });
});

describe('clientAddressOf', () => {
  it('resolves under the configuration’s own trustProxy', () => {
    const forwarded = request('127.0.0.1', { 'x-forwarded-for': '203.0.113.7' });
    expect(clientAddressOf(loadConfig({ trustProxy: 'loopback' }, {}))(forwarded)).toBe('203.0.113.7');
    expect(clientAddressOf(loadConfig({}, {}))(forwarded)).toBe('127.0.0.1');
  });
});
