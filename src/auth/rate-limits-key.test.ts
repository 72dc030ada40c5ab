import { describe, expect, it } from 'vitest';
import { addressKey, clientFailuresKey } from './rate-limits-key.js';

describe('addressKey', () => {
  it.each([
    // IPv4 as it is.
    ['192.0.2.1', '192.0.2.1'],
    ['127.0.0.2', '127.0.0.2'],
    // IPv4-mapped IPv6 (a dual-stack socket's IPv4 peer) is that IPv4 address, in either spelling.
    ['::ffff:192.0.2.1', '192.0.2.1'],
    ['::FFFF:192.0.2.1', '192.0.2.1'],
    ['::ffff:c000:201', '192.0.2.1'],
    ['0:0:0:0:0:ffff:c000:0201', '192.0.2.1'],
    // Any other IPv6 address is its /64, canonical (RFC 5952: lower case, longest zero run as ::).
    ['2001:db8:1:2:3:4:5:6', '2001:db8:1:2::/64'],
    ['2001:DB8:1:2:ffff:ffff:ffff:ffff', '2001:db8:1:2::/64'],
    ['2001:0db8:0001:0002:0000:0000:0000:0001', '2001:db8:1:2::/64'],
    ['2001:db8::1', '2001:db8::/64'],
    ['2001:db8:0:0:1::1', '2001:db8::/64'],
    ['fe80::1%eth0', 'fe80::/64'],
    ['::1', '::/64'],
    ['::', '::/64'],
    // No IP address: its own key.
    ['', ''],
    ['unknown', 'unknown'],
    ['192.0.2.1:8080', '192.0.2.1:8080'],
    ['127.1', '127.1'],
  ])('%j → %j', (address, key) => {
    expect(addressKey(address)).toBe(key);
  });

  it('gives every address of one /64 one key and the neighbouring /64 another', () => {
    expect(new Set(['2001:db8:a:b::1', '2001:db8:a:b:ffff::', '2001:db8:a:b:1234:5678:9abc:def0'].map(addressKey))).toStrictEqual(
      new Set(['2001:db8:a:b::/64']),
    );
    expect(addressKey('2001:db8:a:c::1')).toBe('2001:db8:a:c::/64');
    expect(addressKey('2001:db8:a:a:ffff:ffff:ffff:ffff')).toBe('2001:db8:a:a::/64');
  });
});

describe('clientFailuresKey', () => {
  it('is the client_id at the address key', () => {
    expect(clientFailuresKey('sgc_0123456789abcdef', '192.0.2.1')).toBe('sgc_0123456789abcdef@192.0.2.1');
    expect(clientFailuresKey('sgc_0123456789abcdef', '::ffff:192.0.2.1')).toBe('sgc_0123456789abcdef@192.0.2.1');
    expect(clientFailuresKey('sgc_0123456789abcdef', '2001:db8::5')).toBe('sgc_0123456789abcdef@2001:db8::/64');
  });
});
