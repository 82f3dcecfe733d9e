import {
  checkWebhookUrl,
  isPublicAddress,
  parseDevAllowedOrigins,
  type AddressRule,
} from '../../../src/domain/outbound/address-policy';
import {
  createVettedLookup,
  REFUSED_ADDRESS_CODE,
  type ResolvedAddress,
} from '../../../src/domain/outbound/vetted-lookup';
import type { LookupOptions } from 'node:dns';

// Pure-function tests: the private and reserved addresses below are inputs only; nothing here connects.

type Expected = 'ok' | AddressRule;

const table: [url: string, expected: Expected][] = [
  // Public addresses that must pass.
  ['https://example.com/hook', 'ok'],
  ['https://hooks.example.co.uk:443/x', 'ok'],
  ['https://HOOKS.Example.COM/path?q=1#frag', 'ok'],
  ['https://example.com./hook', 'ok'],
  ['https://bücher.de/hook', 'ok'],
  ['https://_hooks.example.com/', 'ok'],
  ['https://[2606:4700::1111]/', 'ok'],
  ['https://[2001:4860:4860::8888]:443/', 'ok'],
  ['https://8.8.8.8/', 'ok'],
  ['https://93.184.216.34/hook', 'ok'],
  ['https://[::ffff:8.8.8.8]/', 'ok'],
  ['https://@example.com/', 'ok'],
  // Not a URL.
  ['not a url', 'malformed_url'],
  ['', 'malformed_url'],
  ['https://exa mple.com/', 'malformed_url'],
  ['https://999.1.1.1/', 'malformed_url'],
  ['https://[fe80::1%25eth0]/', 'malformed_url'],
  ['https://a..example.com/', 'malformed_url'],
  [`https://${'a'.repeat(64)}.example.com/`, 'malformed_url'],
  // Scheme.
  ['http://example.com/hook', 'scheme_not_https'],
  ['ftp://example.com/hook', 'scheme_not_https'],
  ['ws://example.com/hook', 'scheme_not_https'],
  ['file:///etc/passwd', 'scheme_not_https'],
  // Port.
  ['https://example.com:8443/hook', 'port_not_443'],
  ['https://example.com:80/hook', 'port_not_443'],
  ['https://example.com:1/', 'port_not_443'],
  // Credentials.
  ['https://user@example.com/hook', 'credentials_not_allowed'],
  ['https://user:pw@example.com/hook', 'credentials_not_allowed'],
  ['https://:pw@example.com/hook', 'credentials_not_allowed'],
  // Host names that are not public.
  ['https://localhost/', 'host_not_public'],
  ['https://LOCALHOST/', 'host_not_public'],
  ['https://localhost./', 'host_not_public'],
  ['https://%6c%6f%63%61%6c%68%6f%73%74/', 'host_not_public'],
  ['https://api.localhost/', 'host_not_public'],
  ['https://printer.local/', 'host_not_public'],
  ['https://printer.local./', 'host_not_public'],
  ['https://db.internal/', 'host_not_public'],
  ['https://metadata.google.internal/', 'host_not_public'],
  ['https://nas.home.arpa/', 'host_not_public'],
  ['https://1.0.0.127.in-addr.arpa/', 'host_not_public'],
  ['https://router.lan/', 'host_not_public'],
  ['https://fileserver.corp/', 'host_not_public'],
  ['https://box.home/', 'host_not_public'],
  ['https://wiki.intranet/', 'host_not_public'],
  ['https://hooks.test/', 'host_not_public'],
  ['https://hooks.invalid/', 'host_not_public'],
  ['https://hooks.example/', 'host_not_public'],
  ['https://hidden.onion/', 'host_not_public'],
  ['https://intranet/', 'host_not_public'],
  ['https://intranet./', 'host_not_public'],
  // IPv4 literals in every notation WHATWG normalises, and every refused IPv4 range.
  ['https://127.0.0.1/', 'private_address'],
  ['https://2130706433/', 'private_address'],
  ['https://0x7f000001/', 'private_address'],
  ['https://0x7f.1/', 'private_address'],
  ['https://0177.0.0.1/', 'private_address'],
  ['https://127.1/', 'private_address'],
  ['https://127.0.0.1./', 'private_address'],
  ['https://%30x7f.1/', 'private_address'],
  ['https://127.255.255.254/', 'private_address'],
  ['https://0/', 'private_address'],
  ['https://0.1.2.3/', 'private_address'],
  ['https://10.0.0.1/', 'private_address'],
  ['https://100.64.0.1/', 'private_address'],
  ['https://100.127.255.254/', 'private_address'],
  ['https://169.254.169.254/latest/meta-data/', 'private_address'],
  ['https://172.16.0.1/', 'private_address'],
  ['https://172.31.255.254/', 'private_address'],
  ['https://192.0.0.1/', 'private_address'],
  ['https://192.0.2.10/', 'private_address'],
  ['https://192.88.99.1/', 'private_address'],
  ['https://192.168.1.1/', 'private_address'],
  ['https://198.18.0.1/', 'private_address'],
  ['https://198.19.255.254/', 'private_address'],
  ['https://198.51.100.7/', 'private_address'],
  ['https://203.0.113.9/', 'private_address'],
  ['https://224.0.0.1/', 'private_address'],
  ['https://239.255.255.250/', 'private_address'],
  ['https://240.0.0.1/', 'private_address'],
  ['https://255.255.255.255/', 'private_address'],
  // IPv6 literals.
  ['https://[::1]/', 'private_address'],
  ['https://[::]/', 'private_address'],
  ['https://[0:0:0:0:0:0:0:1]/', 'private_address'],
  ['https://[::ffff:127.0.0.1]/', 'private_address'],
  ['https://[::ffff:7f00:1]/', 'private_address'],
  ['https://[::ffff:10.0.0.1]/', 'private_address'],
  ['https://[::ffff:169.254.169.254]/', 'private_address'],
  ['https://[::7f00:1]/', 'private_address'],
  ['https://[64:ff9b::7f00:1]/', 'private_address'],
  ['https://[64:ff9b::808:808]/', 'private_address'],
  ['https://[64:ff9b:1::a00:1]/', 'private_address'],
  ['https://[2002:7f00:1::]/', 'private_address'],
  ['https://[2002:808:808::1]/', 'private_address'],
  ['https://[2001::1]/', 'private_address'],
  ['https://[2001:0:4136:e378:8000:63bf:3fff:fdd2]/', 'private_address'],
  ['https://[fc00::1]/', 'private_address'],
  ['https://[fd12:3456::1]/', 'private_address'],
  ['https://[fe80::1]/', 'private_address'],
  ['https://[febf::1]/', 'private_address'],
  ['https://[fec0::1]/', 'private_address'],
  ['https://[ff02::1]/', 'private_address'],
  ['https://[ff0e::1]/', 'private_address'],
  ['https://[2001:db8::1]/', 'private_address'],
  ['https://[3fff::1]/', 'private_address'],
  ['https://[100::1]/', 'private_address'],
  ['https://[4000::1]/', 'private_address'],
];

describe('checkWebhookUrl', () => {
  it('has a table big enough to cover every notation and range', () => {
    expect(table.length).toBeGreaterThanOrEqual(60);
  });

  it.each(table)('%s -> %s', (url, expected) => {
    const verdict = checkWebhookUrl(url);
    if (expected === 'ok') {
      expect(verdict).toMatchObject({ ok: true, devOverride: false });
    } else {
      expect(verdict).toMatchObject({ ok: false, rule: expected });
    }
  });

  it('returns the normalised URL so callers send what was checked', () => {
    const verdict = checkWebhookUrl('https://EXAMPLE.com:443/a?b=1');
    expect(verdict.ok && verdict.url.href).toBe('https://example.com/a?b=1');
  });

  it.each<[string, RegExp]>([
    ['http://example.com/', /https/],
    ['https://example.com:8443/', /port 443/],
    ['https://u:p@example.com/', /username or password/],
    ['https://printer.local/', /"\.local"/],
    ['https://intranet/', /fully qualified/],
    ['https://10.1.2.3/', /private or reserved/],
    ['nope', /not a valid URL/],
  ])('names the broken rule in plain English for %s', (url, message) => {
    const verdict = checkWebhookUrl(url);
    expect(verdict.ok).toBe(false);
    expect(!verdict.ok && verdict.message).toMatch(message);
  });
});

describe('checkWebhookUrl dev override', () => {
  const devAllowedOrigins = ['http://127.0.0.1:4000', 'http://hooks.test-receiver.example:5000'];

  it.each([
    'http://127.0.0.1:4000/hook',
    'http://127.0.0.1:4000',
    'http://hooks.test-receiver.example:5000/x?y=1',
    'HTTP://HOOKS.TEST-RECEIVER.EXAMPLE:5000/',
  ])('allows %s whose origin matches exactly', (url) => {
    expect(checkWebhookUrl(url, { devAllowedOrigins })).toMatchObject({ ok: true, devOverride: true });
  });

  it.each<[string, AddressRule]>([
    ['http://127.0.0.1:4001/hook', 'scheme_not_https'],
    ['https://127.0.0.1:4000/hook', 'port_not_443'],
    ['http://127.0.0.2:4000/hook', 'scheme_not_https'],
    ['http://localhost:4000/hook', 'scheme_not_https'],
    ['https://127.0.0.1/hook', 'private_address'],
  ])('does not allow %s, whose origin differs', (url, rule) => {
    expect(checkWebhookUrl(url, { devAllowedOrigins })).toMatchObject({ ok: false, rule });
  });

  it('still refuses credentials on an allowed origin', () => {
    expect(checkWebhookUrl('http://user:pw@127.0.0.1:4000/hook', { devAllowedOrigins })).toMatchObject({
      ok: false,
      rule: 'credentials_not_allowed',
    });
  });

  it('marks ordinary public addresses as not overridden even when origins are configured', () => {
    expect(checkWebhookUrl('https://example.com/', { devAllowedOrigins })).toMatchObject({
      ok: true,
      devOverride: false,
    });
  });
});

describe('parseDevAllowedOrigins', () => {
  it('returns nothing when unset or blank', () => {
    expect(parseDevAllowedOrigins(undefined)).toEqual([]);
    expect(parseDevAllowedOrigins('  ')).toEqual([]);
  });

  it('splits, trims and normalises', () => {
    expect(
      parseDevAllowedOrigins(' http://127.0.0.1:4000 , HTTPS://Hooks.Dev.Example:8443/,http://[::1]:9000'),
    ).toEqual(['http://127.0.0.1:4000', 'https://hooks.dev.example:8443', 'http://[::1]:9000']);
  });

  it.each<[string, RegExp]>([
    ['127.0.0.1:4000', /"127\.0\.0\.1:4000"/],
    ['nonsense', /is not a URL/],
    ['ftp://127.0.0.1:21', /must use http or https/],
    ['http://127.0.0.1:4000/hook', /not a bare origin/],
    ['http://127.0.0.1:4000?x=1', /not a bare origin/],
    ['http://127.0.0.1:4000/#f', /not a bare origin/],
    ['http://u:p@127.0.0.1:4000', /not a bare origin/],
    ['http://127.0.0.1:4000,/relative', /"\/relative"/],
  ])('rejects %s with a clear message', (raw, message) => {
    expect(() => parseDevAllowedOrigins(raw)).toThrow(message);
  });
});

describe('isPublicAddress', () => {
  it.each([
    '8.8.8.8',
    '1.1.1.1',
    '93.184.216.34',
    '2606:4700::1111',
    '2a00:1450:4009:81f::200e',
    '::ffff:8.8.8.8',
  ])('accepts %s', (ip) => {
    expect(isPublicAddress(ip)).toBe(true);
  });

  it.each([
    '0.0.0.0',
    '10.0.0.1',
    '100.64.0.1',
    '127.0.0.1',
    '169.254.169.254',
    '172.16.5.4',
    '192.0.0.8',
    '192.0.2.1',
    '192.88.99.2',
    '192.168.0.1',
    '198.18.0.1',
    '198.51.100.1',
    '203.0.113.1',
    '224.0.0.251',
    '240.0.0.1',
    '255.255.255.255',
    '::',
    '::1',
    '[::1]',
    '::ffff:127.0.0.1',
    '::ffff:7f00:1',
    '::ffff:0:a00:1',
    '::7f00:1',
    '64:ff9b::1.2.3.4',
    '64:ff9b:1::1',
    '2002:c000:0204::1',
    '2001::1',
    '2001:db8::1',
    'fc00::1',
    'fdff::1',
    'fe80::1',
    'fe80::1%eth0',
    'ff02::1',
    '100::1',
    '5f00::1',
    '',
    'example.com',
    '256.0.0.1',
  ])('refuses %s', (ip) => {
    expect(isPublicAddress(ip)).toBe(false);
  });
});

describe('createVettedLookup (injected resolver, nothing connects)', () => {
  type LookupResult = { error: NodeJS.ErrnoException | null; address: unknown; family?: number };

  function lookupWith(
    answers: ResolvedAddress[],
    options: LookupOptions,
    allowPrivate = false,
  ): Promise<LookupResult & { chosen?: ResolvedAddress; asked: string[] }> {
    const asked: string[] = [];
    let chosen: ResolvedAddress | undefined;
    const lookup = createVettedLookup(
      async (hostname) => {
        asked.push(hostname);
        return answers;
      },
      allowPrivate,
      (address) => {
        chosen = address;
      },
    );
    return new Promise((resolve) => {
      lookup('hooks.example.com', options, (error, address, family) =>
        resolve({ error, address, family, chosen, asked }),
      );
    });
  }

  it('refuses a public-looking name when any answer is private', async () => {
    const result = await lookupWith(
      [
        { address: '93.184.216.34', family: 4 },
        { address: '10.0.0.1', family: 4 },
      ],
      { all: true },
    );
    expect(result.error?.code).toBe(REFUSED_ADDRESS_CODE);
    expect(result.error?.message).toMatch(/10\.0\.0\.1/);
    expect(result.chosen).toBeUndefined();
    expect(result.asked).toEqual(['hooks.example.com']);
  });

  it.each(['127.0.0.1', '::1', '::ffff:127.0.0.1', '169.254.169.254', 'fd00::1', '64:ff9b::a00:1'])(
    'refuses a name resolving to %s',
    async (address) => {
      const family = address.includes(':') ? 6 : 4;
      const result = await lookupWith([{ address, family }], {});
      expect(result.error?.code).toBe(REFUSED_ADDRESS_CODE);
    },
  );

  it('hands back only the first vetted address for all:true, so the socket cannot fall back elsewhere', async () => {
    const result = await lookupWith(
      [
        { address: '2606:4700::1111', family: 6 },
        { address: '93.184.216.34', family: 4 },
      ],
      { all: true },
    );
    expect(result.error).toBeNull();
    expect(result.address).toEqual([{ address: '2606:4700::1111', family: 6 }]);
    expect(result.chosen).toEqual({ address: '2606:4700::1111', family: 6 });
  });

  it('answers in the single-address form when all is not set, honouring family', async () => {
    const result = await lookupWith(
      [
        { address: '2606:4700::1111', family: 6 },
        { address: '93.184.216.34', family: 4 },
      ],
      { family: 4 },
    );
    expect(result.error).toBeNull();
    expect(result.address).toBe('93.184.216.34');
    expect(result.family).toBe(4);
  });

  it('reports ENOTFOUND when nothing resolves', async () => {
    const result = await lookupWith([], { all: true });
    expect(result.error?.code).toBe('ENOTFOUND');
  });

  it('passes resolver failures through with their code', async () => {
    const failing = createVettedLookup(async () => {
      throw Object.assign(new Error('queryA EAI_AGAIN hooks.example.com'), { code: 'EAI_AGAIN' });
    }, false);
    const error = await new Promise<NodeJS.ErrnoException | null>((resolve) =>
      failing('hooks.example.com', {}, (err) => resolve(err)),
    );
    expect(error?.code).toBe('EAI_AGAIN');
  });

  it('accepts private answers only when allowPrivate is set (dev override)', async () => {
    const result = await lookupWith([{ address: '127.0.0.1', family: 4 }], { all: true }, true);
    expect(result.error).toBeNull();
    expect(result.address).toEqual([{ address: '127.0.0.1', family: 4 }]);
  });
});
