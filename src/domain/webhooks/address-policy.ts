import ipaddr from 'ipaddr.js';

// The webhook address rules of the spec ("Webhook address rules" 1–4), as a pure function. Used when an
// address is saved and again by the sender before every attempt; the sender also vets the resolved IP at
// connect time (vetted-lookup.ts), because a public name can point at a private address. See
// docs/webhook-addresses.md.

export type AddressRule =
  | 'malformed_url'
  | 'scheme_not_https'
  | 'port_not_443'
  | 'credentials_not_allowed'
  | 'host_not_public'
  | 'private_address';

export type AddressVerdict =
  { ok: true; url: URL; devOverride: boolean } | { ok: false; rule: AddressRule; message: string };

export interface AddressPolicyOptions {
  /** Exact origins (scheme://host:port) allowed despite the rules. Development and tests only. */
  devAllowedOrigins?: readonly string[];
}

/**
 * Suffixes that never name a public host. Matched against whole labels at the end of the name, after one
 * trailing dot is removed (so `localhost.` and `localhost` get the same answer).
 * - localhost, test, invalid, example: RFC 6761 / RFC 2606 special-use names.
 * - local: multicast DNS (RFC 6762). onion: Tor (RFC 7686). alt: non-DNS namespaces (RFC 9476).
 * - internal: reserved by ICANN for private use (2024).
 * - arpa: infrastructure zone; covers home.arpa (RFC 8375) and the reverse-lookup zones.
 * - lan, home, corp, intranet, private: the private suffixes RFC 6762 Appendix G lists as in common use;
 *   none is delegated in the public root, and home/corp are withheld by ICANN for name collision.
 */
export const NON_PUBLIC_HOST_SUFFIXES: readonly string[] = [
  'localhost',
  'test',
  'invalid',
  'example',
  'local',
  'onion',
  'alt',
  'internal',
  'arpa',
  'lan',
  'home',
  'corp',
  'intranet',
  'private',
];

const MAX_HOST_NAME_LENGTH = 253;
const MAX_LABEL_LENGTH = 63;

// IANA's global unicast allocation. Everything outside it (::/8 apart from IPv4-mapped, 4000::/2, …) is
// reserved or unassigned, and ipaddr.js calls some of it 'unicast', e.g. the deprecated IPv4-compatible
// form ::7f00:1.
const IPV6_GLOBAL_UNICAST = ipaddr.parseCIDR('2000::/3');

/**
 * True when `ip` is an address a webhook may be sent to.
 *
 * ipaddr.js 2.5 `range()` (checked with node for each range) returns, for what we refuse:
 *   IPv4: 0/8 'unspecified', 10/8 172.16/12 192.168/16 'private', 100.64/10 'carrierGradeNat',
 *     127/8 'loopback', 169.254/16 'linkLocal', 224/4 'multicast', 255.255.255.255 'broadcast',
 *     192.0.0/24 192.0.2/24 192.88.99/24 198.18/15 198.51.100/24 203.0.113/24 240/4 'reserved',
 *     192.175.48/24 192.31.196/24 'as112', 192.52.193/24 'amt'.
 *   IPv6: :: 'unspecified', ::1 'loopback', ::ffff:0:0/96 'ipv4Mapped' (unwrapped and judged as IPv4),
 *     ::ffff:0:0:0/96 'rfc6145', 64:ff9b::/96 and 64:ff9b:1::/48 'rfc6052' (NAT64), 100::/64 'discard',
 *     2001::/32 'teredo', 2001:2::/48 'benchmarking', 2001:3::/32 'amt', 2001:4:112::/48 'as112v6',
 *     2001:10::/28 'deprecatedOrchid', 2001:20::/28 'orchid2', 2001:30::/28 'droneRemoteIdProtocolEntityTags',
 *     2001::/23 2001:db8::/32 3fff::/20 'reserved', 2002::/16 '6to4', 5f00::/16 'segmentRouting',
 *     fc00::/7 'uniqueLocal', fe80::/10 'linkLocal', fec0::/10 'deprecatedSiteLocal', ff00::/8 'multicast'.
 * Everything else comes back 'unicast', so 'unicast' is the only range we accept. Not named by ipaddr.js and
 * checked here: IPv6 outside 2000::/3 (e.g. ::7f00:1 is 'unicast' to ipaddr.js).
 * Tunnelled forms (NAT64, 6to4, Teredo) are refused whole rather than judged by the IPv4 inside them: they
 * are deprecated or site-specific, and a receiver has no need of them.
 */
export function isPublicAddress(ip: string): boolean {
  const bare = ip.startsWith('[') && ip.endsWith(']') ? ip.slice(1, -1) : ip;
  if (!ipaddr.isValid(bare)) return false;
  const parsed = ipaddr.parse(bare);
  if (parsed instanceof ipaddr.IPv4) return parsed.range() === 'unicast';
  if (parsed.isIPv4MappedAddress()) return parsed.toIPv4Address().range() === 'unicast';
  return parsed.match(IPV6_GLOBAL_UNICAST) && parsed.range() === 'unicast';
}

/** Parses a comma-separated list of origins, e.g. `http://127.0.0.1:4000,https://hooks.dev.test:8443`. */
export function parseDevAllowedOrigins(raw: string | undefined): string[] {
  if (raw === undefined) return [];
  return raw
    .split(',')
    .map((entry) => entry.trim())
    .filter((entry) => entry !== '')
    .map(toOrigin);
}

function toOrigin(entry: string): string {
  const expected = 'expected scheme://host[:port] with http or https and nothing else';
  let url: URL;
  try {
    url = new URL(entry);
  } catch {
    throw new Error(`Dev allowed origin "${entry}" is not a URL (${expected})`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new Error(`Dev allowed origin "${entry}" must use http or https (${expected})`);
  }
  // Anything beyond the origin would suggest a narrower permission than the one granted, which is the whole
  // origin; refuse it rather than silently widen it.
  const onlyOrigin =
    url.username === '' &&
    url.password === '' &&
    url.pathname === '/' &&
    url.search === '' &&
    url.hash === '';
  if (!onlyOrigin) {
    throw new Error(`Dev allowed origin "${entry}" is not a bare origin (${expected})`);
  }
  return url.origin;
}

export function checkWebhookUrl(url: string, options: AddressPolicyOptions = {}): AddressVerdict {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return refuse('malformed_url', 'The webhook address is not a valid URL.');
  }
  // Checked before the dev override: credentials would be sent to the receiver and stored in our logs.
  if (parsed.username !== '' || parsed.password !== '') {
    return refuse('credentials_not_allowed', 'The webhook address must not contain a username or password.');
  }
  if (matchesDevOrigin(parsed, options.devAllowedOrigins ?? [])) {
    return { ok: true, url: parsed, devOverride: true };
  }
  if (parsed.protocol !== 'https:') {
    return refuse('scheme_not_https', 'The webhook address must use https.');
  }
  // WHATWG parsing drops the default port, so an explicit :443 reads back as ''.
  if (parsed.port !== '') {
    return refuse('port_not_443', 'The webhook address must use port 443.');
  }
  const hostRefusal = checkHost(parsed.hostname);
  if (hostRefusal) return hostRefusal;
  return { ok: true, url: parsed, devOverride: false };
}

function matchesDevOrigin(url: URL, allowed: readonly string[]): boolean {
  return allowed.some((origin) => {
    try {
      return new URL(origin).origin === url.origin;
    } catch {
      return false;
    }
  });
}

function checkHost(hostname: string): AddressVerdict | undefined {
  // WHATWG parsing has already turned every IPv4 notation (2130706433, 0x7f.1, 0177.0.0.1, 127.1) into
  // dotted decimal and put IPv6 in brackets, so these two tests see every IP literal.
  if (hostname.startsWith('[') || ipaddr.IPv4.isValidFourPartDecimal(hostname)) {
    return isPublicAddress(hostname)
      ? undefined
      : refuse('private_address', 'The webhook address is a private or reserved network address.');
  }
  const name = hostname.endsWith('.') ? hostname.slice(0, -1) : hostname;
  const labels = name.split('.');
  if (
    name.length === 0 ||
    name.length > MAX_HOST_NAME_LENGTH ||
    labels.some((label) => label.length === 0 || label.length > MAX_LABEL_LENGTH)
  ) {
    return refuse('malformed_url', 'The webhook address has an invalid host name.');
  }
  if (labels.length < 2) {
    return refuse('host_not_public', 'The webhook host name must be a public, fully qualified name.');
  }
  const suffix = NON_PUBLIC_HOST_SUFFIXES.find((s) => name === s || name.endsWith(`.${s}`));
  if (suffix !== undefined) {
    return refuse('host_not_public', `The webhook host name must be public; ".${suffix}" names are not.`);
  }
  return undefined;
}

function refuse(rule: AddressRule, message: string): AddressVerdict {
  return { ok: false, rule, message };
}
