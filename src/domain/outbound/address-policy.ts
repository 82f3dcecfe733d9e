import ipaddr from 'ipaddr.js';
import {
  REFUSED_HOST_NAMES,
  REFUSED_IPV4_RANGES,
  REFUSED_IPV6_RANGES,
  type RefusedHostName,
} from './address-table';

// The webhook address rules of the spec ("Webhook address rules" 1–4), as a pure function. Used when an
// address is saved and again by the sender before every attempt; the sender also vets the resolved IP at
// connect time (vetted-lookup.ts), because a public name can point at a private address. See
// docs/webhook-addresses.md. The same rules guard every other URL a client chooses and the service fetches
// (an OAuth client's metadata document, src/http/oauth/client-metadata-fetch.ts): one definition of "public".

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

const MAX_HOST_NAME_LENGTH = 253;
const MAX_LABEL_LENGTH = 63;

const REFUSED_IPV4 = REFUSED_IPV4_RANGES.map(({ range }) => ipaddr.IPv4.parseCIDR(range));
const REFUSED_IPV6 = REFUSED_IPV6_RANGES.map(({ range }) => ipaddr.IPv6.parseCIDR(range));

// IANA's global unicast allocation, for the second opinion below: ipaddr.js calls some addresses outside it
// 'unicast', e.g. the deprecated IPv4-compatible form ::7f00:1.
const IPV6_GLOBAL_UNICAST = ipaddr.parseCIDR('2000::/3');

/**
 * True when `ip` is an address a webhook may be sent to: it is in no row of the address table
 * (address-table.ts). IPv4-mapped IPv6 (`::ffff:a.b.c.d`) is judged as the IPv4 address inside it; every other
 * form that carries an IPv4 address (NAT64, 6to4, Teredo, IPv4-compatible) is refused whole, whatever it
 * carries: they are deprecated or site-specific, a receiver has no need of them, and refusing them needs no
 * decoding that could be got wrong.
 *
 * ipaddr.js's own classification is a second opinion: anything it does not call 'unicast' is refused too, so a
 * range it learns in a later version is refused even before the table names it. (A unit test checks that the
 * table alone already covers every range ipaddr.js 2.5 names.)
 */
export function isPublicAddress(ip: string): boolean {
  const bare = ip.startsWith('[') && ip.endsWith(']') ? ip.slice(1, -1) : ip;
  if (!ipaddr.isValid(bare)) return false;
  const parsed = ipaddr.parse(bare);
  if (parsed instanceof ipaddr.IPv4) return isPublicIPv4(parsed);
  const v6 = canonicalIPv6(bare);
  if (v6 === undefined) return false;
  if (v6.isIPv4MappedAddress()) return isPublicIPv4(v6.toIPv4Address());
  if (REFUSED_IPV6.some((cidr) => v6.match(cidr))) return false;
  return v6.match(IPV6_GLOBAL_UNICAST) && v6.range() === 'unicast';
}

/**
 * ipaddr.js reads the deprecated IPv4-compatible notation `::a.b.c.d` as IPv4-mapped `::ffff:a.b.c.d`, while
 * the WHATWG parser and the socket read it as `::a.b.c.d` (so `::8.8.8.8` would pass as 8.8.8.8). The address
 * is therefore judged in WHATWG's canonical text; what it cannot parse (a zone index, `fe80::1%eth0`) is refused.
 */
function canonicalIPv6(text: string): ipaddr.IPv6 | undefined {
  try {
    return ipaddr.IPv6.parse(new URL(`http://[${text}]/`).hostname.slice(1, -1));
  } catch {
    return undefined;
  }
}

function isPublicIPv4(address: ipaddr.IPv4): boolean {
  if (REFUSED_IPV4.some((cidr) => address.match(cidr))) return false;
  return address.range() === 'unicast';
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
  return checkOutboundUrl(url, options, 'webhook');
}

/** The address rules for any URL a client chooses and the service connects to; `noun` names it in messages. */
export function checkOutboundUrl(url: string, options: AddressPolicyOptions, noun: string): AddressVerdict {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return refuse('malformed_url', `The ${noun} address is not a valid URL.`);
  }
  // Checked before the dev override: credentials would be sent to the receiver and stored in our logs.
  if (parsed.username !== '' || parsed.password !== '') {
    return refuse('credentials_not_allowed', `The ${noun} address must not contain a username or password.`);
  }
  if (matchesDevOrigin(parsed, options.devAllowedOrigins ?? [])) {
    return { ok: true, url: parsed, devOverride: true };
  }
  if (parsed.protocol !== 'https:') {
    return refuse('scheme_not_https', `The ${noun} address must use https.`);
  }
  // WHATWG parsing drops the default port, so an explicit :443 reads back as ''.
  if (parsed.port !== '') {
    return refuse('port_not_443', `The ${noun} address must use port 443.`);
  }
  const hostRefusal = checkHost(parsed.hostname, noun);
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

function checkHost(hostname: string, noun: string): AddressVerdict | undefined {
  // WHATWG parsing has already turned every IPv4 notation (2130706433, 0x7f.1, 0177.0.0.1, 127.1) into
  // dotted decimal and put IPv6 in brackets, so these two tests see every IP literal.
  if (hostname.startsWith('[') || ipaddr.IPv4.isValidFourPartDecimal(hostname)) {
    return isPublicAddress(hostname)
      ? undefined
      : refuse('private_address', `The ${noun} address is a private or reserved network address.`);
  }
  const name = hostname.endsWith('.') ? hostname.slice(0, -1) : hostname;
  const labels = name.split('.');
  if (
    name.length === 0 ||
    name.length > MAX_HOST_NAME_LENGTH ||
    labels.some((label) => label.length === 0 || label.length > MAX_LABEL_LENGTH)
  ) {
    return refuse('malformed_url', `The ${noun} address has an invalid host name.`);
  }
  if (labels.length < 2) {
    return refuse('host_not_public', `The ${noun} host name must be a public, fully qualified name.`);
  }
  const row = refusedHostName(name.toLowerCase());
  if (row !== undefined) {
    const which = row.match === 'suffix' ? `".${row.name}" names are not` : `"${row.name}" is not`;
    return refuse('host_not_public', `The ${noun} host name must be public; ${which}: ${row.what}.`);
  }
  return undefined;
}

/** The most specific row of the table that refuses `name` (lower case, no trailing dot), if any. */
export function refusedHostName(name: string): RefusedHostName | undefined {
  const matches = REFUSED_HOST_NAMES.filter(
    (row) => name === row.name || (row.match === 'suffix' && name.endsWith(`.${row.name}`)),
  );
  return matches.sort((a, b) => b.name.length - a.name.length)[0];
}

function refuse(rule: AddressRule, message: string): AddressVerdict {
  return { ok: false, rule, message };
}
