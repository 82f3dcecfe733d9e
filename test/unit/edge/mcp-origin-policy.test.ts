import {
  isLoopbackHost,
  mcpOriginPolicy,
  originRefusal,
  parseAllowedOrigins,
} from '../../../src/http/mcp-origin-policy';

const loopback = mcpOriginPolicy({
  publicBaseUrl: 'https://companies.example.com/',
  allowedOrigins: ['https://assistant.example.org'],
  listenHost: '127.0.0.1',
});
const anyInterface = mcpOriginPolicy({
  publicBaseUrl: 'https://companies.example.com',
  allowedOrigins: [],
  listenHost: '0.0.0.0',
});
const reasonOf = (policy: typeof loopback, headers: { origin?: string; host?: string }) =>
  originRefusal(policy, headers)?.details?.reason;

describe('the Origin check on /mcp', () => {
  it.each([
    ['no Origin (a client that is not a browser)', undefined],
    ["PUBLIC_BASE_URL's origin", 'https://companies.example.com'],
    ['the same in other letter case', 'HTTPS://Companies.Example.com'],
    ['an origin MCP_ALLOWED_ORIGINS names', 'https://assistant.example.org'],
    ['the same with its default port written out', 'https://assistant.example.org:443'],
  ])('lets through %s', (_, origin) => {
    expect(originRefusal(loopback, { origin, host: '127.0.0.1:3000' })).toBeUndefined();
  });

  it.each([
    ['another site', 'http://evil.example.com'],
    ['our host on another scheme', 'http://companies.example.com'],
    ['our host on another port', 'https://companies.example.com:8443'],
    ['a subdomain', 'https://x.companies.example.com'],
    ['null (sandboxed frames, privacy redirects)', 'null'],
    ['an empty Origin', ''],
    ['something that is not an origin', 'not a url'],
  ])('refuses %s with origin_refused (foreign_origin)', (_, origin) => {
    const refusal = originRefusal(anyInterface, { origin, host: 'companies.example.com' });
    expect(refusal?.code).toBe('origin_refused');
    expect(refusal?.details).toEqual({ reason: 'foreign_origin' });
  });

  it.each([
    '127.0.0.1:3000',
    'localhost:3000',
    'LOCALHOST',
    '[::1]:3000',
    'companies.example.com',
    'assistant.example.org:9',
  ])('on a loopback listener lets Host %s through', (host) => {
    expect(originRefusal(loopback, { host })).toBeUndefined();
  });

  it.each(['evil.example.com', 'evil.example.com:3000', 'localhost.evil.example.com', '', undefined, '[::1'])(
    'on a loopback listener refuses Host %p (foreign_host)',
    (host) => {
      expect(reasonOf(loopback, { host })).toBe('foreign_host');
    },
  );

  it('does not check Host on a listener that is not loopback (a proxy or load balancer names it)', () => {
    expect(originRefusal(anyInterface, { host: 'evil.example.com' })).toBeUndefined();
  });

  it('checks the Origin first', () => {
    expect(reasonOf(loopback, { origin: 'http://evil.example.com', host: 'evil.example.com' })).toBe(
      'foreign_origin',
    );
  });
});

describe('which listeners are loopback', () => {
  it.each(['127.0.0.1', '127.3.4.5', '::1', '[::1]', 'localhost', 'LocalHost', '::ffff:127.0.0.1'])(
    '%s is',
    (host) => expect(isLoopbackHost(host)).toBe(true),
  );
  it.each(['0.0.0.0', '::', '10.0.0.1', '192.168.1.2', 'example.com', 'localhost.example.com'])(
    '%s is not',
    (host) => expect(isLoopbackHost(host)).toBe(false),
  );
});

describe('MCP_ALLOWED_ORIGINS', () => {
  it('is a comma-separated list of origins, blanks ignored', () => {
    expect(parseAllowedOrigins(undefined)).toEqual([]);
    expect(parseAllowedOrigins(' https://a.example.com , ,http://127.0.0.1:4000/ ')).toEqual([
      'https://a.example.com',
      'http://127.0.0.1:4000',
    ]);
  });

  it.each([
    ['a path', 'https://a.example.com/app'],
    ['a query', 'https://a.example.com?x=1'],
    ['credentials', 'https://user:pw@a.example.com'],
    ['another scheme', 'ftp://a.example.com'],
    ['a bare host', 'a.example.com'],
  ])('refuses a value with %s', (_, value) => {
    expect(() => parseAllowedOrigins(value)).toThrow();
  });
});
