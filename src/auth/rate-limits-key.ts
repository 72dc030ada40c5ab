/**
 * The keys rate limits count under (DESIGN.md "Credentials and tokens": "IPv6 is counted per /64").
 * One IPv6 subscriber is routinely given a whole /64, so counting single IPv6 addresses would give
 * an attacker 2^64 budgets; an IPv4-mapped IPv6 address (`::ffff:192.0.2.1`, what a dual-stack
 * socket reports for an IPv4 peer) is that IPv4 client, so it shares the IPv4 address's budget.
 */
import { isIPv4, isIPv6 } from 'node:net';
import ipaddr from 'ipaddr.js';

/** Length of the IPv6 prefix one client is counted by (bits). */
export const IPV6_CLIENT_PREFIX_BITS = 64;

/**
 * The key of a client address for per-address limits: an IPv4 address as it is; an IPv4-mapped
 * IPv6 address as its IPv4 address (`::ffff:192.0.2.1` → `192.0.2.1`); any other IPv6 address as
 * its /64 in canonical form (RFC 5952), zone dropped (`2001:DB8:0:1:a::1%eth0` → `2001:db8:0:1::/64`).
 * Anything that is no IP address (an empty string once a socket has closed, or what a trusted
 * proxy forwarded) is its own key.
 * @param address an address as node or X-Forwarded-For spells it
 */
export function addressKey(address: string): string {
  // The common case costs one check; ipaddr.js is only asked about IPv6.
  if (isIPv4(address) || !isIPv6(address)) return address;
  const ip = ipaddr.IPv6.parse(address);
  if (ip.isIPv4MappedAddress()) return ip.toIPv4Address().toString();
  const words = IPV6_CLIENT_PREFIX_BITS / 16;
  const prefix = ip.parts.map((word, index) => (index < words ? word : 0));
  return `${new ipaddr.IPv6(prefix).toString()}/${IPV6_CLIENT_PREFIX_BITS}`;
}

/**
 * The key of the `clientFailures` limit: a client_id at a client address, e.g.
 * `sgc_0123456789abcdef@192.0.2.1` or `sgc_0123456789abcdef@2001:db8::/64` (in Redis,
 * `<prefix>clientFailures:` goes before it). The client_id comes first and `@` never occurs in one
 * (`sgc_` and hex digits), so no two pairs share a key, and no key of the former per-client_id
 * format (a bare client_id) is ever read as one of these.
 * @param clientId the client_id as presented
 * @param address the client address, before {@link addressKey}
 */
export function clientFailuresKey(clientId: string, address: string): string {
  return `${clientId}@${addressKey(address)}`;
}
