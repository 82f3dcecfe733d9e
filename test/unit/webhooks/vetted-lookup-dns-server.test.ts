import type { LookupOptions } from 'node:dns';
import { loadConfig } from '../../../src/config';
import { dnsServerResolver, parseDnsServer } from '../../../src/domain/outbound/dns-server-resolver';
import { createVettedLookup, REFUSED_ADDRESS_CODE } from '../../../src/domain/outbound/vetted-lookup';
import {
  startLoopbackDnsServer,
  type DnsAnswer,
  type LoopbackDnsServer,
} from '../../support/loopback-dns-server';

// The webhook resolver pointed at a real DNS server on loopback (WEBHOOK_DNS_SERVER). The private addresses
// are DNS answers only: the vetted lookup decides, and nothing here opens a connection to them.

describe('parseDnsServer', () => {
  it.each([
    ['127.0.0.1:5353', '127.0.0.1:5353'],
    [' 127.0.0.1:5353 ', '127.0.0.1:5353'],
    ['127.0.0.1', '127.0.0.1:53'],
    ['[::1]:5353', '[::1]:5353'],
    ['[::1]', '[::1]:53'],
    ['::1', '[::1]:53'],
    ['10.0.0.2:53', '10.0.0.2:53'],
  ])('reads %j as %s', (raw, expected) => {
    expect(parseDnsServer(raw)).toBe(expected);
  });

  it.each<[string, RegExp]>([
    ['localhost:53', /not a DNS server address/],
    ['dns.example.com', /not a DNS server address/],
    ['127.0.0.1:0', /port outside 1-65535/],
    ['127.0.0.1:65536', /port outside 1-65535/],
    ['127.0.0.1:', /not a DNS server address/],
    ['127.0.0.1:53:53', /not a DNS server address/],
    ['[127.0.0.1]:53', /not a DNS server address/],
    ['udp://127.0.0.1:53', /not a DNS server address/],
    ['', /not a DNS server address/],
  ])('refuses %j', (raw, message) => {
    expect(() => parseDnsServer(raw)).toThrow(message);
  });
});

describe('WEBHOOK_DNS_SERVER', () => {
  it('is unset by default', () => {
    expect(loadConfig({}).webhookDnsServer).toBeNull();
  });

  it('is parsed in development and tests', () => {
    expect(loadConfig({ WEBHOOK_DNS_SERVER: '127.0.0.1:5353' }).webhookDnsServer).toBe('127.0.0.1:5353');
    expect(loadConfig({ NODE_ENV: 'test', WEBHOOK_DNS_SERVER: '::1' }).webhookDnsServer).toBe('[::1]:53');
  });

  it('is refused when NODE_ENV=production', () => {
    expect(() => loadConfig({ NODE_ENV: 'production', WEBHOOK_DNS_SERVER: '127.0.0.1:5353' })).toThrow(
      /WEBHOOK_DNS_SERVER .*production/,
    );
  });

  it('names the variable when the value is bad', () => {
    expect(() => loadConfig({ WEBHOOK_DNS_SERVER: 'dns.example.com' })).toThrow(/^WEBHOOK_DNS_SERVER: /);
  });
});

describe('dnsServerResolver against a DNS server on loopback', () => {
  let dns: LoopbackDnsServer;
  /** Per name: what to answer for the nth A query and for AAAA. */
  const zone: Record<string, { a?: (nth: number) => DnsAnswer; aaaa?: DnsAnswer }> = {
    'public.example.com': {
      a: () => [{ type: 'A', address: '93.184.215.14' }],
      aaaa: [{ type: 'AAAA', address: '2606:2800:21f:cb07:6820:80da:af6b:8b2c' }],
    },
    'rebind.example.com': {
      a: (nth) => [{ type: 'A', address: nth === 1 ? '93.184.215.14' : '127.0.0.1' }],
    },
    'mixed.example.com': {
      a: () => [
        { type: 'A', address: '93.184.215.14' },
        { type: 'A', address: '10.0.0.7' },
      ],
    },
    'private-six.example.com': {
      a: () => [{ type: 'A', address: '93.184.215.14' }],
      aaaa: [{ type: 'AAAA', address: '::1' }],
    },
    'alias.example.com': {
      a: () => [
        { type: 'CNAME', name: 'alias.example.com', target: 'inner.example.net' },
        { type: 'A', name: 'inner.example.net', address: '169.254.169.254' },
      ],
    },
    'broken.example.com': { a: () => 'SERVFAIL' },
    'empty.example.com': {},
  };

  beforeAll(async () => {
    dns = await startLoopbackDnsServer(({ name, type, nth }) => {
      const entry = zone[name];
      if (!entry) return 'NXDOMAIN';
      if (type === 'A') return entry.a?.(nth) ?? [];
      if (type === 'AAAA') return entry.aaaa ?? [];
      return [];
    });
  });
  afterAll(async () => {
    await dns?.close();
  });

  const resolve = (name: string) => dnsServerResolver(dns.server)(name);

  function vettedLookup(name: string, options: LookupOptions = { all: true }) {
    const lookup = createVettedLookup(dnsServerResolver(dns.server), false);
    return new Promise<{ error: NodeJS.ErrnoException | null; address: unknown }>((settle) =>
      lookup(name, options, (error, address) => settle({ error, address })),
    );
  }

  it('asks for A and AAAA and answers both families, IPv4 first', async () => {
    await expect(resolve('public.example.com')).resolves.toEqual([
      { address: '93.184.215.14', family: 4 },
      { address: '2606:2800:21f:cb07:6820:80da:af6b:8b2c', family: 6 },
    ]);
    expect(
      dns.queries
        .filter((q) => q.name === 'public.example.com')
        .map((q) => q.type)
        .sort(),
    ).toEqual(['A', 'AAAA']);
  });

  it('asks again every time, so a name that rebinds is seen rebinding (TTL 0, nothing cached)', async () => {
    await expect(resolve('rebind.example.com')).resolves.toEqual([{ address: '93.184.215.14', family: 4 }]);
    await expect(resolve('rebind.example.com')).resolves.toEqual([{ address: '127.0.0.1', family: 4 }]);
    await expect(resolve('rebind.example.com')).resolves.toEqual([{ address: '127.0.0.1', family: 4 }]);
  });

  it('follows a CNAME as the server spells it out', async () => {
    await expect(resolve('alias.example.com')).resolves.toEqual([{ address: '169.254.169.254', family: 4 }]);
  });

  it('answers nothing for a name without records or an unknown name', async () => {
    await expect(resolve('empty.example.com')).resolves.toEqual([]);
    await expect(resolve('nowhere.example.org')).resolves.toEqual([]);
  });

  it('fails as EAI_AGAIN (a dns error) when the server fails', async () => {
    await expect(resolve('broken.example.com')).rejects.toMatchObject({
      code: 'EAI_AGAIN',
      message: expect.stringMatching(/broken\.example\.com.*ESERVFAIL/),
    });
  });

  it('fails as EAI_AGAIN when nothing answers at that address', async () => {
    const gone = await startLoopbackDnsServer(() => []);
    await gone.close();
    await expect(dnsServerResolver(gone.server)('public.example.com')).rejects.toMatchObject({
      code: 'EAI_AGAIN',
    });
  });

  describe('through the vetted lookup (the sender connect-time check)', () => {
    it('hands the socket the public address', async () => {
      const { error, address } = await vettedLookup('public.example.com');
      expect(error).toBeNull();
      expect(address).toEqual([{ address: '93.184.215.14', family: 4 }]);
    });

    it.each([
      ['a mixed A answer, public and private', 'mixed.example.com', /10\.0\.0\.7/],
      ['a public A with a private AAAA', 'private-six.example.com', /::1/],
      ['a CNAME to a metadata address', 'alias.example.com', /169\.254\.169\.254/],
    ])('refuses %s as a whole', async (_case, name, message) => {
      const { error, address } = await vettedLookup(name);
      expect(error).toMatchObject({ code: REFUSED_ADDRESS_CODE, message: expect.stringMatching(message) });
      expect(address).toBe('');
    });

    it('refuses a rebinding name once it answers privately', async () => {
      const name = 'rebind.example.com';
      // The earlier tests used this name's first (public) answer; from now on it is loopback.
      const { error } = await vettedLookup(name);
      expect(error).toMatchObject({
        code: REFUSED_ADDRESS_CODE,
        message: expect.stringMatching(/127\.0\.0\.1/),
      });
    });
  });
});
