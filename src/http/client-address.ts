/**
 * The client address of a request: the one definition that rate limits, failure budgets and the
 * audit log use, read once per request by the listener (DESIGN.md
 * "Credentials and tokens": the client address comes from X-Forwarded-For only when the peer is a
 * configured trusted proxy).
 *
 * Without trusted proxies (the default) it is the socket peer. With them (`trustProxy`), it is
 * what @fastify/proxy-addr (the proxy-addr of express, as fastify forks it) finds: starting at the
 * socket peer, `X-Forwarded-For` is walked right to left for as long as the hop is a trusted
 * proxy; the first untrusted hop is the client. So a client cannot choose its address by sending
 * the header itself: a trusted proxy appends the address it saw, and the walk stops there. From a
 * peer that is not trusted the header is ignored. RFC 7239 `Forwarded` is not read (proxy-addr
 * does not; the proxies in front of sitegate all send X-Forwarded-For).
 */
import type { IncomingMessage } from 'node:http';
import proxyAddr from '@fastify/proxy-addr';
import type { Config } from '../config/config.js';

/** Whether the hop at `address` (0 = the socket peer) is a trusted proxy. */
export type ProxyTrust = (address: string, hop: number) => boolean;

/** The client address of a request (see the module comment); '' when the socket has already closed. */
export type ClientAddressOf = (request: IncomingMessage) => string;

/**
 * The trust function of a `trustProxy` list, or undefined when the list is empty (trust nobody).
 * @param trustProxy entries as config.ts validated them (addresses, CIDR ranges, proxy-addr names)
 * @throws {TypeError} for an invalid entry (config.ts has refused those at start)
 */
export function compileProxyTrust(trustProxy: readonly string[]): ProxyTrust | undefined {
  return trustProxy.length === 0 ? undefined : proxyAddr.compile([...trustProxy]);
}

/**
 * The client address resolver for a trust function: the socket peer when `trust` is undefined,
 * else the first untrusted hop of `X-Forwarded-For`, walked from the right.
 */
export function clientAddressResolver(trust: ProxyTrust | undefined): ClientAddressOf {
  if (trust === undefined)
    return function socketPeer(request) {
      return request.socket.remoteAddress ?? '';
    };
  return function forwardedClient(request) {
    // proxy-addr reads request.socket.remoteAddress first; once the socket has closed that is
    // undefined, and no header can be trusted.
    if (request.socket.remoteAddress === undefined) return '';
    return proxyAddr(request, trust);
  };
}

/**
 * The client address resolver of a configuration: what every rate limit and audit event of a
 * request is counted by (the limiter counts IPv6 per /64: auth/rate-limits-key.ts). The listener
 * builds it once and calls it once per request, before any body is read (listener.ts).
 * @param config the validated config, whose `trustProxy` decides
 * @returns a resolver giving an IPv4 or IPv6 address as node or the proxy spells it; '' once the socket has closed
 */
export function clientAddressOf(config: Pick<Config, 'trustProxy'>): ClientAddressOf {
  return clientAddressResolver(compileProxyTrust(config.trustProxy));
}
