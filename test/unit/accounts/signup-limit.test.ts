import { signupClientKey, UNKNOWN_CLIENT } from '../../../src/domain/accounts/signup-limit';

describe('who a sign-up is counted against', () => {
  it.each([
    ['an IPv4 address as it is', '203.0.113.7', '203.0.113.7'],
    ['loopback', '127.0.0.1', '127.0.0.1'],
    ['an IPv4-mapped IPv6 address as its IPv4 address', '::ffff:203.0.113.7', '203.0.113.7'],
    ['an IPv4-mapped address written in hex', '::ffff:cb00:7107', '203.0.113.7'],
    ['an IPv6 address by its /64', '2001:db8:85a3:8d3:1319:8a2e:370:7348', '2001:db8:85a3:8d3::/64'],
    ['a compressed IPv6 address by its /64', '2001:db8::1', '2001:db8:0:0::/64'],
    ['leading zeros and capitals the same way', '2001:0DB8:0000:0001::abcd', '2001:db8:0:1::/64'],
    ['an IPv6 address with a zone', 'fe80::1%eth0', 'fe80:0:0:0::/64'],
    ['IPv6 loopback', '::1', '0:0:0:0::/64'],
    ['an IPv6 address with a dotted tail (NAT64)', '64:ff9b::198.51.100.1', '64:ff9b:0:0::/64'],
  ])('counts %s', (_name, address, key) => {
    expect(signupClientKey(address)).toBe(key);
  });

  it('counts every address of one /64 as one client', () => {
    const keys = new Set(
      ['2001:db8:1:2::1', '2001:db8:1:2::ffff', '2001:db8:1:2:a:b:c:d'].map((a) => signupClientKey(a)),
    );
    expect([...keys]).toEqual(['2001:db8:1:2::/64']);
    expect(signupClientKey('2001:db8:1:3::1')).not.toBe(signupClientKey('2001:db8:1:2::1'));
  });

  it.each([
    ['no address', undefined],
    ['an empty one', ''],
    ['a host name', 'proxy.example.com'],
    ['an address with a port', '203.0.113.7:443'],
    ['an X-Forwarded-For list', '203.0.113.7, 10.0.0.1'],
    ['a malformed IPv6 address', '2001:db8:::1'],
  ])('puts %s in the one shared count', (_name, address) => {
    expect(signupClientKey(address)).toBe(UNKNOWN_CLIENT);
  });
});
