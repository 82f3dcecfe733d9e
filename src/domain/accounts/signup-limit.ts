import { isIPv4, isIPv6 } from 'node:net';

/** Sign-ups whose client address the edge could not tell share one count (never a free pass). */
export const UNKNOWN_CLIENT = 'unknown';

/**
 * Who a sign-up is counted against: an IPv4 address as it is, and an IPv6 address by its /64. One subscriber's
 * network is a /64 and a host there may take any of its 2^64 addresses, so counting whole IPv6 addresses
 * would let one machine sign up without limit. An IPv4-mapped IPv6 address (::ffff:a.b.c.d, what a
 * dual-stack socket reports for an IPv4 peer) counts as its IPv4 address.
 */
export function signupClientKey(address: string | undefined): string {
  const trimmed = address?.trim() ?? '';
  if (isIPv4(trimmed)) return trimmed;
  if (!isIPv6(trimmed)) return UNKNOWN_CLIENT;
  const groups = ipv6Groups(trimmed.replace(/%.*$/, '').toLowerCase());
  const mapped = groups.slice(0, 6).join(':') === '0:0:0:0:0:ffff';
  if (mapped) return ipv4FromGroups(groups[6]!, groups[7]!);
  return `${groups.slice(0, 4).join(':')}::/64`;
}

/** The eight 16-bit groups of a valid IPv6 address, without leading zeros ('::' expanded, a dotted tail split). */
function ipv6Groups(address: string): string[] {
  let text = address;
  const dotted = /(\d+\.\d+\.\d+\.\d+)$/.exec(text);
  if (dotted) {
    const [a, b, c, d] = dotted[1]!.split('.').map(Number) as [number, number, number, number];
    text = `${text.slice(0, dotted.index)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head, tail] = text.split('::') as [string, string | undefined];
  const headGroups = head === '' ? [] : head.split(':');
  const tailGroups = tail === undefined || tail === '' ? [] : tail.split(':');
  const zeros = tail === undefined ? [] : Array<string>(8 - headGroups.length - tailGroups.length).fill('0');
  return [...headGroups, ...zeros, ...tailGroups].map((g) => parseInt(g, 16).toString(16));
}

function ipv4FromGroups(high: string, low: string): string {
  const h = parseInt(high, 16);
  const l = parseInt(low, 16);
  return [h >> 8, h & 0xff, l >> 8, l & 0xff].join('.');
}
