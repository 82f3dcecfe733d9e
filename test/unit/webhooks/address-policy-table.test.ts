import ipaddr from 'ipaddr.js';
import {
  checkWebhookUrl,
  isPublicAddress,
  refusedHostName,
} from '../../../src/domain/outbound/address-policy';
import {
  REFUSED_HOST_NAMES,
  REFUSED_IPV4_RANGES,
  REFUSED_IPV6_RANGES,
  type RefusedRange,
} from '../../../src/domain/outbound/address-table';

// Pure-function tests of every row of the address table: the private and reserved addresses are inputs only;
// nothing here connects.

const allRanges = [...REFUSED_IPV4_RANGES, ...REFUSED_IPV6_RANGES];

/** First, middle and last address of a CIDR range, computed independently of ipaddr.js's matching. */
function samples(range: string): string[] {
  const [network, bits] = ipaddr.parseCIDR(range);
  const bytes = network.toByteArray();
  const width = bytes.length * 8;
  const first = bytes.reduce((value, byte) => (value << 8n) | BigInt(byte), 0n);
  const size = 1n << BigInt(width - bits);
  const format = (value: bigint) => {
    const out: number[] = [];
    for (let i = bytes.length - 1; i >= 0; i--)
      out[i] = Number((value >> BigInt(8 * (bytes.length - 1 - i))) & 255n);
    return ipaddr.fromByteArray(out).toString();
  };
  return [...new Set([format(first), format(first + size / 2n), format(first + size - 1n)])];
}

const literal = (address: string) => (address.includes(':') ? `[${address}]` : address);

describe('the address table', () => {
  it('holds at least 120 rows', () => {
    expect(allRanges.length + REFUSED_HOST_NAMES.length).toBeGreaterThanOrEqual(120);
  });

  it.each(allRanges.map((row) => [row.range, row] as const))(
    '%s is a canonical CIDR (network address, no host bits), listed once',
    (range, row: RefusedRange) => {
      const [network, bits] = ipaddr.parseCIDR(range);
      const kind = network.kind() === 'ipv4' ? ipaddr.IPv4 : ipaddr.IPv6;
      expect(kind.networkAddressFromCIDR(range).toString()).toBe(network.toString());
      expect(`${network.toString()}/${bits}`).toBe(range);
      expect(allRanges.filter((other) => other.range === range)).toHaveLength(1);
      expect(row.what).not.toBe('');
      expect(row.source).not.toBe('');
    },
  );

  it('covers, on its own, every range ipaddr.js 2.5 names (IPv4-mapped apart: judged by the IPv4 inside)', () => {
    const rows = allRanges.map(({ range }) => ipaddr.parseCIDR(range));
    // Not in ipaddr.js's type declarations: the table of ranges behind range(), [address, bits] or a list of them.
    type Cidr = [ipaddr.IPv4 | ipaddr.IPv6, number];
    type Special = Record<string, Cidr | Cidr[]>;
    const tables = [ipaddr.IPv4, ipaddr.IPv6].map(
      (kind) => (kind.prototype as unknown as { SpecialRanges: Special }).SpecialRanges,
    );
    const named: [string, ipaddr.IPv4 | ipaddr.IPv6, number][] = [];
    for (const special of tables) {
      for (const [name, value] of Object.entries(special)) {
        if (name === 'ipv4Mapped') continue;
        const cidrs = (Array.isArray(value[0]) ? value : [value]) as Cidr[];
        for (const [address, bits] of cidrs) named.push([name, address, bits]);
      }
    }
    expect(named.length).toBeGreaterThan(30);
    const uncovered = named.filter(
      ([, address, bits]) =>
        !rows.some(
          ([network, rowBits]) =>
            network.kind() === address.kind() && rowBits <= bits && address.match(network, rowBits),
        ),
    );
    expect(uncovered.map(([name, address, bits]) => `${name} ${address.toString()}/${bits}`)).toEqual([]);
  });
});

describe.each(REFUSED_IPV4_RANGES.map((row) => [row.range, row.what] as const))(
  'IPv4 row %s (%s)',
  (range) => {
    it.each(samples(range))('refuses %s, also as IPv4-mapped IPv6 and as a URL literal', (address) => {
      expect(isPublicAddress(address)).toBe(false);
      expect(isPublicAddress(`::ffff:${address}`)).toBe(false);
      expect(checkWebhookUrl(`https://${address}/hook`)).toMatchObject({
        ok: false,
        rule: 'private_address',
      });
      expect(checkWebhookUrl(`https://[::ffff:${address}]/hook`)).toMatchObject({
        ok: false,
        rule: 'private_address',
      });
    });
  },
);

describe.each(REFUSED_IPV6_RANGES.map((row) => [row.range, row.what] as const))(
  'IPv6 row %s (%s)',
  (range) => {
    it.each(samples(range))('refuses %s, also as a URL literal', (address) => {
      expect(isPublicAddress(address)).toBe(false);
      expect(checkWebhookUrl(`https://${literal(address)}/hook`)).toMatchObject({
        ok: false,
        rule: 'private_address',
      });
    });
  },
);

describe('the addresses just outside the refused ranges', () => {
  // If a row were written too wide (a /7 for a /8, a typo in an octet), one of these would be refused.
  it.each([
    '1.0.0.1',
    '9.255.255.255',
    '11.0.0.0',
    '100.63.255.255',
    '100.128.0.0',
    '126.255.255.255',
    '128.0.0.0',
    '168.63.129.15',
    '168.63.129.17',
    '169.253.255.255',
    '169.255.0.0',
    '172.15.255.255',
    '172.32.0.0',
    '191.255.255.255',
    '192.0.1.0',
    '192.0.3.0',
    '192.31.195.255',
    '192.31.197.0',
    '192.52.192.255',
    '192.52.194.0',
    '192.88.98.255',
    '192.88.100.0',
    '192.167.255.255',
    '192.169.0.0',
    '192.175.47.255',
    '192.175.49.0',
    '198.17.255.255',
    '198.20.0.0',
    '198.51.99.255',
    '198.51.101.0',
    '203.0.112.255',
    '203.0.114.0',
    '223.255.255.255',
    '::ffff:8.8.8.8',
    '2000::1',
    '2001:200::1',
    '2003::1',
    '2620:4f:7fff:ffff::1',
    '2620:4f:8001::1',
    '3ffe:ffff::1',
    '3fff:1000::1',
    '2a00:1450:4009:81f::200e',
  ])('accepts %s', (address) => {
    expect(isPublicAddress(address)).toBe(true);
    expect(checkWebhookUrl(`https://${literal(address)}/hook`)).toMatchObject({ ok: true });
  });
});

describe('IPv6 forms that carry an IPv4 address', () => {
  // Refused whole: the public IPv4 inside (8.8.8.8 = 0808:0808) does not make them acceptable.
  it.each([
    ['IPv4-compatible', '::8.8.8.8'],
    ['IPv4-translated', '::ffff:0:808:808'],
    ['NAT64', '64:ff9b::8.8.8.8'],
    ['local-use NAT64', '64:ff9b:1::808:808'],
    ['6to4', '2002:808:808::1'],
    ['Teredo', '2001:0:808:808::f7f7:f7f7'],
  ])('refuses %s %s even with a public IPv4 inside', (_form, address) => {
    expect(isPublicAddress(address)).toBe(false);
  });

  it('judges IPv4-mapped IPv6 by the IPv4 inside it', () => {
    expect(isPublicAddress('::ffff:8.8.8.8')).toBe(true);
    expect(isPublicAddress('::ffff:100.100.100.200')).toBe(false);
    expect(isPublicAddress('::ffff:168.63.129.16')).toBe(false);
  });
});

describe.each(REFUSED_HOST_NAMES.map((row) => [row.name, row.match, row.what] as const))(
  'host name row %s (%s: %s)',
  (name, match) => {
    const singleLabel = !name.includes('.');
    const refusedForms = [
      name,
      `${name}.`,
      name.toUpperCase(),
      ...(match === 'suffix' ? [`hooks.${name}`] : []),
    ];

    it.each(refusedForms)('refuses https://%s/', (host) => {
      expect(checkWebhookUrl(`https://${host}/hook`)).toMatchObject({ ok: false, rule: 'host_not_public' });
    });

    it('is what refuses it, whatever the single-label rule says', () => {
      expect(refusedHostName(name)).toMatchObject({ name });
      if (match === 'suffix') expect(refusedHostName(`a.b.${name}`)).toMatchObject({ name });
    });

    it('does not refuse a public name that merely contains it', () => {
      expect(refusedHostName(`${name}.example.com`)).toBeUndefined();
      expect(refusedHostName(`x${name}`)?.name).not.toBe(name);
      if (!singleLabel)
        expect(checkWebhookUrl(`https://${name}.example.com/hook`)).toMatchObject({ ok: true });
    });
  },
);

describe('host name messages', () => {
  it.each<[string, RegExp]>([
    ['https://metadata.google.internal/', /"metadata\.google\.internal" is not: Google Cloud/],
    ['https://db.internal/', /"\.internal" names are not/],
    [
      'https://metadata.tencentyun.com/',
      /"metadata\.tencentyun\.com" is not: Tencent Cloud instance metadata/,
    ],
    ['https://api.localtest.me/', /"\.localtest\.me" names are not/],
    ['https://kubernetes.default.svc/', /"\.svc" names are not: Kubernetes/],
    ['https://ipv4only.arpa/', /"\.ipv4only\.arpa" names are not/],
  ])('%s names the row that refuses it', (url, message) => {
    const verdict = checkWebhookUrl(url);
    expect(verdict.ok).toBe(false);
    expect(!verdict.ok && verdict.message).toMatch(message);
  });
});
